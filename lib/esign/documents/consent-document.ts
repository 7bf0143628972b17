import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { CONSENT_DOCUMENT_NAME } from "./consent-document-id";

/** The languages the consent document is written in (`POST …/documents/localize-consent`). */
export const CONSENT_LANGUAGES = ["en", "fr", "de", "es", "it", "nl", "pt"] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

const CONSENT_TEXTS: Record<ConsentLanguage, { title: string; lines: string[] }> = {
  en: {
    title: CONSENT_DOCUMENT_NAME,
    lines: [
      "By accepting this consent, you agree to the following:",
      "",
      "1. You consent to receive and sign the documents of this transaction electronically.",
      "2. Your electronic signature has the same effect as a handwritten signature.",
      "3. You can ask the sender for a paper copy of the documents at any time.",
      "4. You can withdraw this consent before signing by opting out of electronic signing;",
      "   the sender is notified and will contact you.",
      "5. To sign you need a device with a current web browser and an e-mail address.",
      "",
      "Signed documents are sealed with a digital signature so that any later change can be detected,",
      "and an evidence summary records every step of the signing process.",
    ],
  },
  fr: {
    title: "Consentement aux communications et signatures électroniques",
    lines: [
      "En acceptant ce consentement, vous convenez de ce qui suit :",
      "",
      "1. Vous acceptez de recevoir et de signer les documents de cette transaction par voie électronique.",
      "2. Votre signature électronique a le même effet qu'une signature manuscrite.",
      "3. Vous pouvez à tout moment demander à l'expéditeur une copie papier des documents.",
      "4. Vous pouvez retirer ce consentement avant de signer en renonçant à la signature électronique ;",
      "   l'expéditeur en est informé et vous contactera.",
      "5. Pour signer, il vous faut un appareil doté d'un navigateur web récent et une adresse e-mail.",
      "",
      "Les documents signés sont scellés par une signature numérique, de sorte que toute modification",
      "ultérieure peut être détectée, et un récapitulatif des preuves consigne chaque étape de la signature.",
    ],
  },
  de: {
    title: "Einwilligung in elektronische Mitteilungen und Signaturen",
    lines: [
      "Mit dieser Einwilligung erklären Sie sich mit Folgendem einverstanden:",
      "",
      "1. Sie willigen ein, die Dokumente dieser Transaktion elektronisch zu erhalten und zu unterzeichnen.",
      "2. Ihre elektronische Signatur hat dieselbe Wirkung wie eine handschriftliche Unterschrift.",
      "3. Sie können beim Absender jederzeit eine Papierkopie der Dokumente anfordern.",
      "4. Sie können diese Einwilligung vor der Unterzeichnung widerrufen, indem Sie die elektronische",
      "   Signatur ablehnen; der Absender wird benachrichtigt und setzt sich mit Ihnen in Verbindung.",
      "5. Zum Unterzeichnen benötigen Sie ein Gerät mit einem aktuellen Webbrowser und eine E-Mail-Adresse.",
      "",
      "Unterzeichnete Dokumente werden mit einer digitalen Signatur versiegelt, sodass jede spätere Änderung",
      "erkennbar ist, und ein Nachweisbericht hält jeden Schritt des Signaturvorgangs fest.",
    ],
  },
  es: {
    title: "Consentimiento para comunicaciones y firmas electrónicas",
    lines: [
      "Al aceptar este consentimiento, usted acepta lo siguiente:",
      "",
      "1. Acepta recibir y firmar electrónicamente los documentos de esta transacción.",
      "2. Su firma electrónica tiene el mismo efecto que una firma manuscrita.",
      "3. Puede pedir al remitente una copia en papel de los documentos en cualquier momento.",
      "4. Puede retirar este consentimiento antes de firmar renunciando a la firma electrónica;",
      "   el remitente recibe un aviso y se pondrá en contacto con usted.",
      "5. Para firmar necesita un dispositivo con un navegador web actual y una dirección de correo electrónico.",
      "",
      "Los documentos firmados se sellan con una firma digital para que pueda detectarse cualquier cambio",
      "posterior, y un resumen de pruebas registra cada paso del proceso de firma.",
    ],
  },
  it: {
    title: "Consenso alle comunicazioni e alle firme elettroniche",
    lines: [
      "Accettando questo consenso, lei accetta quanto segue:",
      "",
      "1. Acconsente a ricevere e firmare elettronicamente i documenti di questa transazione.",
      "2. La sua firma elettronica ha lo stesso effetto di una firma autografa.",
      "3. Può chiedere in qualsiasi momento al mittente una copia cartacea dei documenti.",
      "4. Può revocare questo consenso prima di firmare rinunciando alla firma elettronica;",
      "   il mittente viene avvisato e la contatterà.",
      "5. Per firmare le servono un dispositivo con un browser web aggiornato e un indirizzo e-mail.",
      "",
      "I documenti firmati sono sigillati con una firma digitale, così che ogni modifica successiva possa",
      "essere rilevata, e un riepilogo delle prove registra ogni passaggio del processo di firma.",
    ],
  },
  nl: {
    title: "Toestemming voor elektronische communicatie en handtekeningen",
    lines: [
      "Door deze toestemming te aanvaarden, gaat u akkoord met het volgende:",
      "",
      "1. U stemt ermee in de documenten van deze transactie elektronisch te ontvangen en te ondertekenen.",
      "2. Uw elektronische handtekening heeft dezelfde werking als een handgeschreven handtekening.",
      "3. U kunt de afzender op elk moment om een papieren kopie van de documenten vragen.",
      "4. U kunt deze toestemming vóór het ondertekenen intrekken door af te zien van elektronisch",
      "   ondertekenen; de afzender wordt op de hoogte gebracht en neemt contact met u op.",
      "5. Om te ondertekenen hebt u een apparaat met een actuele webbrowser en een e-mailadres nodig.",
      "",
      "Ondertekende documenten worden verzegeld met een digitale handtekening, zodat elke latere wijziging",
      "kan worden vastgesteld, en een bewijsoverzicht legt elke stap van het ondertekenen vast.",
    ],
  },
  pt: {
    title: "Consentimento para comunicações e assinaturas eletrónicas",
    lines: [
      "Ao aceitar este consentimento, concorda com o seguinte:",
      "",
      "1. Aceita receber e assinar eletronicamente os documentos desta transação.",
      "2. A sua assinatura eletrónica tem o mesmo efeito que uma assinatura manuscrita.",
      "3. Pode pedir ao remetente uma cópia em papel dos documentos a qualquer momento.",
      "4. Pode retirar este consentimento antes de assinar, recusando a assinatura eletrónica;",
      "   o remetente é notificado e entrará em contacto consigo.",
      "5. Para assinar precisa de um dispositivo com um navegador web atual e de um endereço de e-mail.",
      "",
      "Os documentos assinados são selados com uma assinatura digital para que qualquer alteração posterior",
      "possa ser detetada, e um resumo de provas regista cada passo do processo de assinatura.",
    ],
  },
};

/** The consent language for a language code ("fr", "fr-CA", "FR"), or null when the consent is not written in it. */
export function consentLanguageOf(code: string): ConsentLanguage | null {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return (CONSENT_LANGUAGES as readonly string[]).includes(primary) ? (primary as ConsentLanguage) : null;
}

/** The consent document's name in a language. */
export function consentDocumentName(language: ConsentLanguage): string {
  return CONSENT_TEXTS[language].title;
}

/** The consent PDF, its page sizes, and its SHA-256 (hashed once, with the PDF made once per process). */
export interface ConsentPdf {
  bytes: Uint8Array;
  pages: PageSize[];
  sha256: string;
}

const cached = new Map<ConsentLanguage, Promise<ConsentPdf>>();

/** The consent document every package starts with: the same bytes every time (content-addressed once). */
export async function consentPdf(): Promise<Uint8Array> {
  return (await consentDocument()).bytes;
}

/** The consent PDF in a language (English unless said) with its page sizes, made once per process. */
export function consentDocument(language: ConsentLanguage = "en"): Promise<ConsentPdf> {
  let made = cached.get(language);
  if (!made) {
    // pdf-lib loads with the first consent made, not with every route that may make one.
    made = import("./make-consent-pdf").then(({ makeConsentPdf }) => makeConsentPdf(CONSENT_TEXTS[language]));
    cached.set(language, made);
    // A failure is not kept: the next create tries again.
    made.catch(() => {
      if (cached.get(language) === made) cached.delete(language);
    });
  }
  return made;
}
