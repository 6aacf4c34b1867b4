import { useEffect, useState } from 'react';

/**
 * A data: URL for a picked file, to show it before it is uploaded. Read asynchronously, so the
 * URL lags the file by a moment; null until then.
 */
export function useFileUrl(file: File | null): string | null {
  const [loaded, setLoaded] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setLoaded({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return loaded && loaded.file === file ? loaded.url : null;
}
