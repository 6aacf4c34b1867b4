import type { EventBus } from '#server/events/event-bus.ts';

declare module '#server/events/event-bus.ts' {
  interface BusTopics {
    'test.ping': { n: number };
    'test.text': { text: string };
  }
}

/** Resolves with the data of the next `count` events of a topic, or rejects after `ms`. */
export function nextEvents(events: EventBus, count: number, ms = 2000): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const seen: number[] = [];
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`saw ${seen.length} of ${count} events: ${seen.join(', ')}`));
    }, ms);
    const stop = events.subscribe('test.ping', ({ n }) => {
      seen.push(n);
      if (seen.length === count) {
        clearTimeout(timer);
        stop();
        resolve(seen);
      }
    });
  });
}
