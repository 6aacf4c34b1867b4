import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedForSiblings } from './sibling-workers.ts';

describe('handing things to the sibling workers in batches', () => {
  afterEach(() => vi.useRealTimers());

  it('sends what it was told within the window as one message, and the next window as another', () => {
    vi.useFakeTimers();
    const sent: [string, number[]][] = [];
    const batch = batchedForSiblings<number>('answers', 20, (topic, items) => sent.push([topic, items]) > 0);

    batch.tell(1);
    batch.tell(2);
    vi.advanceTimersByTime(19);
    expect(sent).toEqual([]);
    batch.tell(3);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([['answers', [1, 2, 3]]]);

    batch.tell(4);
    vi.advanceTimersByTime(20);
    expect(sent).toEqual([
      ['answers', [1, 2, 3]],
      ['answers', [4]],
    ]);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);
  });

  it('sends what is waiting at once when flushed (a worker stopping), and nothing when nothing is', () => {
    vi.useFakeTimers();
    const sent: number[][] = [];
    const batch = batchedForSiblings<number>('answers', 20, (_topic, items) => sent.push(items) > 0);
    batch.flush();
    batch.tell(7);
    batch.flush();
    expect(sent).toEqual([[7]]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([[7]]);
  });
});
