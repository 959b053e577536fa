import { byId } from './dom.js';

export type ToastKind = 'info' | 'error';

/** A short notice in the corner; errors are announced to screen readers at once. */
export function toast(text: string, kind: ToastKind = 'info'): void {
  const box = document.createElement('div');
  box.className = `toast toast-${kind}`;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  box.textContent = text;
  byId('toasts', HTMLElement).appendChild(box);
  setTimeout(() => box.remove(), 8000);
}
