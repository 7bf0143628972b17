"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal dialog on the browser's own `<dialog>`: focus moves in and is trapped, Escape closes it,
 * the page behind is inert. Open and closed by the `open` prop; `onClose` hears every way out.
 */
/**
 * `sheetOnPhone`: on a narrow screen, the dialog takes the whole width from the bottom up (room to
 * draw a signature). `fullScreenOnPhone`: on a narrow screen, it takes the whole screen.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
  sheetOnPhone = false,
  fullScreenOnPhone = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
  sheetOnPhone?: boolean;
  fullScreenOnPhone?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} ${fullScreenOnPhone ? "max-sm:m-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:rounded-none" : sheetOnPhone ? "max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none" : ""} rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open ? (
        <div className={sheetOnPhone || fullScreenOnPhone ? "p-3 sm:p-5" : "p-5"}>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
