// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_UPDATED_TEXT, RELOAD_LABEL } from '#domain/first-screen-texts.ts';
import { ChunkErrorBoundary, page } from './chunk-error-boundary.tsx';

function Failing({ error }: { error: Error }): never {
  throw error;
}

const missingCode = () => new TypeError('Failed to fetch dynamically imported module: /assets/products-page-OLD.js');

beforeEach(() => {
  window.sessionStorage.clear();
  vi.spyOn(page, 'reload').mockImplementation(() => undefined);
  // React reports every caught error on the console; the boundary's own report is what matters.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("when a screen's code cannot be fetched (a deploy replaced it)", () => {
  it('reloads the page once, then says the app was updated and offers a reload', () => {
    render(
      <ChunkErrorBoundary>
        <Failing error={missingCode()} />
      </ChunkErrorBoundary>,
    );
    expect(page.reload).toHaveBeenCalledTimes(1);
    cleanup();

    // The reloaded page fails the same way: no second automatic reload.
    render(
      <ChunkErrorBoundary>
        <Failing error={missingCode()} />
      </ChunkErrorBoundary>,
    );
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText(APP_UPDATED_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: RELOAD_LABEL }));
    expect(page.reload).toHaveBeenCalledTimes(2);
  });

  it('lets any other error through', () => {
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Failing error={new Error('a bug')} />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('a bug');
    expect(page.reload).not.toHaveBeenCalled();
  });
});
