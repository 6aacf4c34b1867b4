import { Share2 } from 'lucide-react';
import { shareMessages as m } from '#domain/products/share.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { toast } from '#web/lib/toast.ts';

/** The old way to copy, for pages not served over a secure origin (no Clipboard API there). */
function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'fixed -left-[9999px] top-0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } finally {
    field.remove();
  }
}

async function copyLink(url: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): try the old way.
  }
  return copyBySelection(url);
}

/**
 * Share a listing (issue 22): the device's share sheet where the browser has one (Web Share API,
 * phones), otherwise the link is copied with a toast saying so. The link is the listing's own
 * address, whose page carries the preview tags (server http/share-tags.ts).
 */
export async function shareListing(product: Pick<Product, '_id' | 'title' | 'price'>) {
  const url = new URL(paths.shop.product(product._id), window.location.origin).href;
  const data = { title: product.title, text: m.text(product.title, product.price), url };
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyLink(url)) toast.success(m.linkCopied);
  else toast.error(m.copyFailed);
}

export function ShareButton({ product, className }: { product: Product; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => void shareListing(product)}
      aria-label={m.label(product.title)}
      title={m.button}
      className={cn(
        'flex h-12 w-12 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow-md ring-1 ring-slate-200 transition',
        'hover:scale-105 hover:bg-white',
        className,
      )}
    >
      <Share2 className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
