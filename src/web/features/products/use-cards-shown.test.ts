// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCardsShown } from './use-cards-shown.ts';

describe("the Products grid's first cards", () => {
  it('are its first row at once, then every card right after', async () => {
    const { result } = renderHook(() => useCardsShown(24));
    expect(result.current).toBe(4);
    await waitFor(() => expect(result.current).toBeGreaterThanOrEqual(24));
  });

  it('are all of a short list at once', () => {
    const { result } = renderHook(() => useCardsShown(3));
    expect(result.current).toBeGreaterThanOrEqual(3);
  });
});
