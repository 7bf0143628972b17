"use client";

import type { CSSProperties } from "react";
import { useTranslations } from "use-intl";
import type { CeremonyApproval, CeremonyDocument, CeremonyField } from "@/lib/ceremony/ceremony-requests";
import {
  chooseRadio,
  currentValue,
  type DocumentFill,
  fieldKey,
  isSignerInput,
  signatureStyle,
  valueIssue,
  type FillTarget,
  fillTargets,
  isTargetFilled,
} from "@/lib/ceremony/document-filling";
import { isChosen, isFilled, quotedOptions, type FieldValueIssue } from "@/lib/esign/signing/ceremony/signing-rules";
import { signatureFontClass } from "./signature-font-classes";

export interface FieldLayerProps {
  document: CeremonyDocument;
  pageIndex: number;
  scale: number;
  fill: DocumentFill;
  signerName: string;
  currentKey: string | null;
  onFill: (fill: DocumentFill) => void;
  onFocusTarget: (key: string) => void;
  onSignatureClick: (target: FillTarget) => void;
}

/** The DOM id of a fill target, for "next field" to find and focus it. */
export function targetElementId(documentId: string, key: string): string {
  return `field-${documentId}-${key}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** Bindings the service fills when the document is signed, shown by what they will hold. */
const DATE_OF_SIGNING_BINDING = "{approval.signed}";

function box(field: CeremonyField, scale: number): CSSProperties {
  return {
    position: "absolute",
    left: field.left * scale,
    top: field.top * scale,
    width: field.width * scale,
    height: field.height * scale,
    fontSize: Math.max(10, Math.min(field.height * scale * 0.6, 18)),
  };
}

/** A field's name (the sender's, else what kind of field it is) and what is wrong with its value, in the ceremony's language. */
export function useFieldWords() {
  const t = useTranslations("fields");
  return {
    label: (field: CeremonyField) => field.name || t("kind", { subtype: field.subtype }),
    problem: (issue: FieldValueIssue) => {
      switch (issue.code) {
        case "oneOf":
          return t("problem.oneOf", { options: quotedOptions(issue.options) });
        case "maxLength":
          return t("problem.maxLength", { max: issue.max });
        case "minLength":
          return t("problem.minLength", { min: issue.min });
        case "custom":
          return issue.message;
        default:
          return t(`problem.${issue.code}`);
      }
    },
  };
}

/** Every field on one page: the signer's own to fill, everyone else's (and labels) to read. */
export function FieldLayer(props: FieldLayerProps) {
  const { document, pageIndex, scale } = props;
  const targets = new Map(fillTargets(document).map((target) => [target.key, target]));
  return (
    <>
      {document.approvals.flatMap((approval) =>
        approval.fields
          .filter((field) => field.page === pageIndex)
          .map((field) => {
            const key = fieldKey(approval, field);
            const target = targets.get(key);
            return target ? <OwnField key={key} target={target} {...props} /> : <ReadOnlyField key={key} approval={approval} field={field} scale={scale} signerName={props.signerName} />;
          }),
      )}
    </>
  );
}

function OwnField({ target, document, scale, fill, signerName, currentKey, onFill, onFocusTarget, onSignatureClick }: FieldLayerProps & { target: FillTarget }) {
  const { approval, field, key } = target;
  const id = targetElementId(document.id, key);
  const filled = isTargetFilled(fill, target);
  const t = useTranslations("fields");
  const words = useFieldWords();
  const fieldLabel = words.label;
  const issue = valueIssue(fill, target);
  const problem = issue ? words.problem(issue) : null;
  const ring = problem ? "ring-2 ring-rose-600" : currentKey === key ? "ring-2 ring-sky-600" : "";
  const tone = filled ? "border-sky-600 bg-sky-50/70" : target.required ? "border-amber-500 bg-amber-100/80" : "border-slate-400 bg-white/70";
  const common = {
    id,
    "data-field-key": key,
    "aria-label": target.required ? t("required", { label: fieldLabel(field) }) : fieldLabel(field),
    "aria-invalid": problem ? true : undefined,
    title: problem ? `${fieldLabel(field)} ${problem}` : fieldLabel(field),
    onFocus: () => onFocusTarget(key),
  };
  const setValue = (value: string) => onFill({ ...fill, values: { ...fill.values, [key]: value } });
  const style = box(field, scale);
  const inputClass = `h-full w-full rounded-sm border px-1 text-slate-900 focus:outline-none ${tone} ${ring}`;

  if (target.kind === "signature") {
    const signature = fill.signatures[approval.id];
    const signatureKind = signatureStyle(approval, field);
    // A typed signature is a toggle (pressed: adopted); a drawn one opens the pad, and its name says when one is drawn.
    const state = signatureKind === "CAPTURE" ? { "aria-haspopup": "dialog" as const, "aria-label": signature ? t("drawn", { label: common["aria-label"] }) : common["aria-label"] } : { "aria-pressed": Boolean(signature) };
    return (
      <button type="button" {...common} {...state} style={style} onClick={() => onSignatureClick(target)} className={`@container flex items-center justify-center overflow-hidden rounded-sm border-2 ${tone} ${ring}`}>
        {signature?.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data URL drawn by the signer a moment ago
          <img src={signature.image} alt={t("signatureOf", { name: signerName })} className="max-h-full max-w-full object-contain" />
        ) : signature?.text ? (
          <span className={`truncate text-sky-950 ${signatureFontClass(signature.font)}`} style={{ fontSize: "150%" }}>
            {signature.text}
          </span>
        ) : (
          // Whole at every width: smaller and on two lines in a narrow field (a phone), capitals only where there is room.
          <span className="px-0.5 text-center text-[10px] leading-tight font-semibold text-amber-900 @[8rem]:text-xs @[11rem]:uppercase @[11rem]:tracking-wide">
            {signatureKind === "INITIALS" ? t("initialHere") : signatureKind === "CAPTURE" ? t("drawHere") : t("signHere")}
          </span>
        )}
      </button>
    );
  }

  const value = currentValue(fill, approval, field);
  const maxLength = typeof field.validation?.maxLength === "number" ? field.validation.maxLength : undefined;
  switch (field.subtype) {
    case "CHECKBOX":
      return (
        <label style={style} className={`flex items-center justify-center rounded-sm border ${tone} ${ring}`}>
          <TouchArea />
          <input {...common} type="checkbox" className="relative size-[70%] accent-sky-700" checked={isFilled(field, value)} onChange={(event) => setValue(event.target.checked ? "true" : "false")} />
        </label>
      );
    case "RADIO":
      return (
        <label style={style} className={`flex items-center justify-center rounded-full border ${tone} ${ring}`}>
          <TouchArea />
          <input
            {...common}
            type="radio"
            name={`${document.id}-${approval.id}-${String(field.validation?.group ?? field.id)}`}
            className="relative size-[70%] accent-sky-700"
            checked={isChosen(value)}
            onChange={() => onFill(chooseRadio(fill, approval, field))}
          />
        </label>
      );
    case "LIST": {
      const options = Array.isArray(field.validation?.enum) ? (field.validation.enum as string[]) : [];
      return (
        <select {...common} style={style} className={inputClass} value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="">{t("choose")}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    }
    case "TEXTAREA":
      return <textarea {...common} style={style} className={`resize-none ${inputClass}`} value={value} maxLength={maxLength} onChange={(event) => setValue(event.target.value)} />;
    case "DATEPICKER":
      return <input {...common} type="date" style={style} className={inputClass} value={value} onChange={(event) => setValue(event.target.value)} />;
    default:
      return <input {...common} type="text" style={style} className={inputClass} value={value} maxLength={maxLength} onChange={(event) => setValue(event.target.value)} />;
  }
}

/** At least 24 CSS pixels to tap around a small check box or radio button (a 16-point box is 9 pixels on a phone): a tap on it is a tap on the box's label. Under the input (which is `relative`, later in the DOM), so the input itself still takes its own clicks. */
function TouchArea() {
  return <span aria-hidden className="absolute top-1/2 left-1/2 size-6 -translate-x-1/2 -translate-y-1/2" />;
}

/** A field the signer does not fill: another signer's, one already signed, or a label or date the service fills. */
function ReadOnlyField({ approval, field, scale, signerName }: { approval: CeremonyApproval; field: CeremonyField; scale: number; signerName: string }) {
  const t = useTranslations("fields");
  const fieldLabel = useFieldWords().label;
  const style = box(field, scale);
  // role="img": a picture of the field, named with its label and value (a name on a plain div is not announced).
  if (field.type === "SIGNATURE") {
    const text = approval.signed ? t("signed") : t("anotherSigner");
    return (
      <div style={style} role="img" aria-label={t("labelValue", { label: fieldLabel(field), value: text })} className="flex items-center justify-center overflow-hidden rounded-sm border border-dashed border-slate-400 bg-slate-100/60 text-slate-600">
        <span className="truncate px-1 text-xs">{text}</span>
      </div>
    );
  }
  let text = field.value;
  if (field.binding === "{signer.name}" && approval.mine && !approval.signed) text = signerName;
  else if (field.binding === DATE_OF_SIGNING_BINDING && !approval.signed) text = t("dateOfSigning");
  else if (field.subtype === "DATE" && !text) text = t("dateOfSigning");
  // A check box or radio button shows a tick when chosen, by the rule the seal draws it with.
  const isChoice = field.subtype === "CHECKBOX" || field.subtype === "RADIO";
  const spoken = isChoice ? (isChosen(text) ? t("chosen") : t("notChosen")) : text;
  return (
    <div
      style={style}
      role="img"
      aria-label={spoken ? t("labelValue", { label: fieldLabel(field), value: spoken }) : fieldLabel(field)}
      className={`flex items-center overflow-hidden rounded-sm px-1 text-slate-700 ${approval.mine && !isSignerInput(field) ? "bg-sky-50/50" : "border border-dashed border-slate-300 bg-slate-50/50"}`}
    >
      <span className="truncate">{isChoice ? (isChosen(text) ? "✓" : "") : text}</span>
    </div>
  );
}
