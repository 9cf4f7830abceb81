/**
 * A queue that runs at most `max` tasks at a time; the others wait their turn, first come first served.
 * Add tag and Remove tag read the selected articles through it (decision 040): a page of 100 rows would
 * otherwise send 100 requests at once.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return function limit<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            running--;
            waiting.shift()?.();
          });
      };
      if (running < max) start();
      else waiting.push(start);
    });
  };
}
