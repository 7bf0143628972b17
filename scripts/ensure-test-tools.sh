#!/usr/bin/env bash
# Makes sure the tools the tests need from the system are present:
#   chromium       - the browser Playwright drives (/usr/bin/chromium; Playwright's own download
#                    is not available here)
#   poppler-utils  - pdftotext, pdftoppm and pdfsig, used to check the PDFs we write and seal
#   qpdf           - encrypts PDFs for the tests of encrypted uploads
#   fonts-noto-cjk - Chinese, Japanese and Korean glyphs for Chromium, so that the console's and
#                    the ceremony's Japanese pages can be read in the journeys' screenshots
# Installs the missing Debian packages with apt-get when running as root; otherwise says what to
# install and fails.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
for tool in pdftotext pdftoppm pdfsig; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    missing+=(poppler-utils)
    break
  fi
done
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
[ -n "$(fc-list :lang=ja 2>/dev/null)" ] || missing+=(fonts-noto-cjk)

if [ ${#missing[@]} -eq 0 ]; then
  echo "Test tools present: chromium, pdftotext, pdftoppm, pdfsig, qpdf, a Japanese font."
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing test tools: ${missing[*]}." >&2
  echo "Install them, then run the tests again:" >&2
  echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing test tools: ${missing[*]}, and apt-get is not available to install them." >&2
  echo "Install Chromium (at /usr/bin/chromium), poppler-utils, qpdf and Noto CJK fonts with your system's package manager." >&2
  exit 1
fi

echo "Installing missing test tools: ${missing[*]} ..."
export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
# Wait for another apt/dpkg run (if any) rather than failing on its lock.
apt=(apt-get -qq -o DPkg::Lock::Timeout=600)
install() {
  "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends "${missing[@]}"
}
if ! install >"$log" 2>&1 && ! { sleep 10; install >>"$log" 2>&1; }; then
  cat "$log" >&2
  rm -f "$log"
  echo "Could not install ${missing[*]} with apt-get." >&2
  exit 1
fi
rm -f "$log"
echo "Installed: ${missing[*]}."
