import { useCallback, useState } from 'react';

/** Open/closed state for a dialog or sidebar. */
export function useDisclosure(initial = false) {
  const [isOpen, setOpen] = useState(initial);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { isOpen, open, close, toggle, setOpen };
}
