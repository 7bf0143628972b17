"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { signOutOfConsole } from "@/lib/console/actions/session-actions";

const LINKS = [
  { href: "/packages", label: "Packages" },
  { href: "/templates", label: "Templates" },
];

/** The console's top bar: where you are, who you are, the way out; folds into a menu on a phone. */
export function ConsoleNav({ userName, accountName }: { userName: string; accountName: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const linkClass = (href: string) =>
    `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${
      pathname === href || pathname.startsWith(`${href}/`) ? "bg-sky-50 text-sky-900" : "text-slate-700 hover:bg-slate-100"
    }`;
  const current = (href: string) => (pathname === href || pathname.startsWith(`${href}/`) ? "page" : undefined);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <Link href="/packages" className="text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
          Signet
        </Link>
        <nav aria-label="Console" className="hidden gap-1 sm:flex">
          {LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.href)} aria-current={current(link.href)}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-3 sm:flex">
          <p className="text-right text-xs leading-tight text-slate-600">
            <span className="block font-medium text-slate-900">{userName}</span>
            {accountName}
          </p>
          <form action={signOutOfConsole}>
            <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
              Sign out
            </button>
          </form>
        </div>
        <button
          type="button"
          className="ml-auto rounded-md border border-slate-300 px-3 py-2 text-sm sm:hidden"
          aria-expanded={open}
          aria-controls="console-mobile-nav"
          onClick={() => setOpen((value) => !value)}
        >
          Menu
        </button>
      </div>
      {open ? (
        <nav id="console-mobile-nav" aria-label="Console" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 sm:hidden">
          {LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.href)} aria-current={current(link.href)} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          <p className="px-3 pt-2 text-xs text-slate-600">
            {userName} · {accountName}
          </p>
          <form action={signOutOfConsole}>
            <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100">
              Sign out
            </button>
          </form>
        </nav>
      ) : null}
    </header>
  );
}
