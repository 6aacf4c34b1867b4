import { Component, type ErrorInfo, type ReactNode } from 'react';
import { APP_UPDATED_TEXT, RELOAD_LABEL } from '#domain/first-screen-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { reportError } from '#web/lib/report-error.ts';

/** When this tab last reloaded itself for a missing file, so it never does so in a loop. */
const RELOADED_AT_KEY = 'campus-market:reloaded-for-missing-code';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Chromium, Firefox and Safari's words for a screen's file that could not be fetched. */
const MISSING_CODE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i;

function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) < RELOAD_AGAIN_AFTER_MS;
  } catch {
    return true;
  }
}

/** The page's reload, one object so a test can watch it (jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

function reloadOnce() {
  if (reloadedRecently()) return false;
  window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  page.reload();
  return true;
}

/**
 * Screens are fetched on demand, so a tab opened before a deploy asks for files the new build
 * no longer has. Such a failure reloads the page once, which fetches the new build; if that
 * does not help within a minute, it says so and offers a reload. Other errors pass through.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; reloading: boolean }> {
  override state = { error: undefined as unknown, reloading: false };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof Error) || !MISSING_CODE.test(error.message)) return;
    reportError(`a screen's code could not be loaded${info.componentStack ?? ''}`, error);
    if (reloadOnce()) this.setState({ reloading: true });
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof Error) || !MISSING_CODE.test(error.message)) throw error;
    if (reloading) return null;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">{APP_UPDATED_TEXT}</p>
        <Button onClick={() => page.reload()}>{RELOAD_LABEL}</Button>
      </main>
    );
  }
}
