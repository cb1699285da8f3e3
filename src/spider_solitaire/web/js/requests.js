// The requests on their way to the server: one at a time, in the order they were made
// (an action is sent with the version the answer before it brought). The page is marked
// busy (body[data-busy]) while any is waiting; keys typed meanwhile wait for them
// (keyboard.js's whenIdle).

/** @returns {enqueue, run, whenIdle} */
export function createRequests(body = document.body) {
  let busy = 0;
  let chain = Promise.resolve();

  function setBusy(delta) {
    busy += delta;
    if (busy > 0) body.dataset.busy = "true";
    else delete body.dataset.busy;
  }

  /** Run `task` after the tasks already queued (whether they succeeded or failed). */
  function enqueue(task) {
    const next = chain.then(task, task);
    chain = next.catch(() => {});
    return next;
  }

  /** Run `task` after the requests already sent, with the page marked busy meanwhile. */
  function run(task) {
    return enqueue(async () => {
      setBusy(1);
      try {
        return await task();
      } finally {
        setBusy(-1);
      }
    });
  }

  return {
    enqueue,
    run,
    /** Settles once the requests already sent are answered. */
    whenIdle: () => chain,
  };
}
