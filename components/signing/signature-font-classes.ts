import localFont from "next/font/local";
import { signatureFontNamed } from "@/lib/esign/signing/signature-fonts";

// The same files the seal embeds (lib/esign/signing/signature-fonts.ts), served by the app itself,
// so the signature looks on screen as it will on the sealed page. Not preloaded: a page fetches a
// face only when it shows text in it (the adopt dialog shows the account's fonts).
const kanit = localFont({ src: "../../node_modules/@expo-google-fonts/kanit/400Regular/Kanit_400Regular.ttf", display: "swap", preload: false });
const licorice = localFont({ src: "../../node_modules/@fontsource/licorice/files/licorice-latin-400-normal.woff", display: "swap", preload: false });
const meowScript = localFont({ src: "../../node_modules/@expo-google-fonts/meow-script/400Regular/MeowScript_400Regular.ttf", display: "swap", preload: false });
const allison = localFont({ src: "../../node_modules/@expo-google-fonts/allison/Allison_400Regular.ttf", display: "swap", preload: false });
const bonheurRoyale = localFont({ src: "../../node_modules/@fontsource/bonheur-royale/files/bonheur-royale-latin-400-normal.woff", display: "swap", preload: false });
const dancingScript = localFont({ src: "../../node_modules/@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf", display: "swap", preload: false });
const pattaya = localFont({ src: "../../node_modules/@expo-google-fonts/pattaya/Pattaya_400Regular.ttf", display: "swap", preload: false });
const atma = localFont({ src: "../../node_modules/@expo-google-fonts/atma/Atma_400Regular.ttf", display: "swap", preload: false });
const caveat = localFont({ src: "../../node_modules/@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf", display: "swap", preload: false });
const damion = localFont({ src: "../../node_modules/@expo-google-fonts/damion/400Regular/Damion_400Regular.ttf", display: "swap", preload: false });
const shantellSans = localFont({ src: "../../node_modules/@expo-google-fonts/shantell-sans/400Regular/ShantellSans_400Regular.ttf", display: "swap", preload: false });
const nerkoOne = localFont({ src: "../../node_modules/@expo-google-fonts/nerko-one/400Regular/NerkoOne_400Regular.ttf", display: "swap", preload: false });
const grenzeGotisch = localFont({ src: "../../node_modules/@expo-google-fonts/grenze-gotisch/400Regular/GrenzeGotisch_400Regular.ttf", display: "swap", preload: false });
const kristi = localFont({ src: "../../lib/esign/sealing/fonts/Kristi.ttf", display: "swap", preload: false });
const breip = localFont({ src: "../../lib/esign/sealing/fonts/Breip.ttf", display: "swap", preload: false });

const CLASSES: Record<string, string> = {
  Kanit: kanit.className,
  Licorice: licorice.className,
  "Meow Script": meowScript.className,
  Allison: allison.className,
  "Bonheur Royale": bonheurRoyale.className,
  "Dancing Script": dancingScript.className,
  Pattaya: pattaya.className,
  Atma: atma.className,
  Caveat: caveat.className,
  Damion: damion.className,
  "Shantell Sans": shantellSans.className,
  "Nerko One": nerkoOne.className,
  "Grenze Gotisch": grenzeGotisch.className,
  Kristi: kristi.className,
  Breip: breip.className,
};

/** The class that shows text in the signature font named; without one, the leaning "classic" style. */
export function signatureFontClass(font: string | undefined): string {
  const known = signatureFontNamed(font);
  return known ? (CLASSES[known.name] ?? "font-sans italic") : "font-sans italic";
}
