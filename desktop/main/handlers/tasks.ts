import type { HandlerContext } from './context';

/**
 * A kind of cancellable work (exports, readings of articles): the tasks running in each host by the
 * page's task id, so a cancel from that page finds its own task and no other host's.
 */
export function taskRegistry(): (context: HandlerContext) => Map<string, AbortController> {
  const running = new WeakMap<HandlerContext['cases'], Map<string, AbortController>>();
  return (context) => {
    let tasks = running.get(context.cases);
    if (!tasks) {
      tasks = new Map();
      running.set(context.cases, tasks);
    }
    return tasks;
  };
}
