import { describe, expect, it } from "vitest";
import { findTextTags, parseTextTag, TEXT_TAG_TYPES, TextTagSyntaxError } from "./parse-text-tag";

describe("parseTextTag", () => {
  it("reads the smallest tag: optional, no field name, no params", () => {
    expect(parseTextTag("{{esl:Signer1:signature}}")).toEqual({
      text: "{{esl:Signer1:signature}}",
      required: false,
      role: "Signer1",
      type: "signature",
    });
  });

  it("reads the flags", () => {
    expect(parseTextTag("{{*esl:Signer1:textfield}}").required).toBe(true);
    expect(parseTextTag("{{?esl:Signer1:textfield}}").required).toBe(false);
  });

  it("allows spaces after {{ and around the flag", () => {
    const tag = parseTextTag("{{  *  esl_Amount:Client:TextField}}");
    expect(tag).toMatchObject({ required: true, fieldName: "Amount", role: "Client", type: "textfield" });
  });

  it("reads the field name and a role name with spaces", () => {
    expect(parseTextTag("{{esl_Buyer Title:Main Buyer:signertitle}}")).toMatchObject({
      fieldName: "Buyer Title",
      role: "Main Buyer",
      type: "signertitle",
    });
  });

  it.each(TEXT_TAG_TYPES)("knows the type %s in any case", (type) => {
    expect(parseTextTag(`{{esl:R:${type.toUpperCase()}}}`).type).toBe(type);
    expect(parseTextTag(`{{esl:R:${type}}}`).type).toBe(type);
  });

  it("reads every parameter, with spaces after commas", () => {
    expect(
      parseTextTag('{{*esl_Pick:Signer1:list:size(120, 18), offset(-5, 2.5), maxlen(40), value("B"), group("g1"), options("A", "B","C, D")}}'),
    ).toEqual({
      text: '{{*esl_Pick:Signer1:list:size(120, 18), offset(-5, 2.5), maxlen(40), value("B"), group("g1"), options("A", "B","C, D")}}',
      required: true,
      fieldName: "Pick",
      role: "Signer1",
      type: "list",
      size: { width: 120, height: 18 },
      offset: { x: -5, y: 2.5 },
      maxLength: 40,
      value: "B",
      group: "g1",
      options: ["A", "B", "C, D"],
    });
  });

  it("accepts curly quotes as word processors write them", () => {
    expect(parseTextTag("{{esl:R:radio:group(“colour”),value(“red”)}}")).toMatchObject({ group: "colour", value: "red" });
  });

  it("accepts an empty quoted value", () => {
    expect(parseTextTag('{{esl:R:label:value("")}}').value).toBe("");
  });

  it.each([
    ["{{esl:R:stamp}}", /unknown type "stamp"/],
    ["{{esl:R}}", /expected \{\{esl/],
    ["{{esl::signature}}", /expected \{\{esl/],
    ["{{esl: :signature}}", /role is empty/],
    ["{{esl:R:textfield:colour(red)}}", /unknown parameter "colour"/],
    ["{{esl:R:textfield:size(10)}}", /size\(10\) should be size\(width,height\)/],
    ["{{esl:R:textfield:size(0,10)}}", /two positive numbers/],
    ["{{esl:R:textfield:size(a,10)}}", /two positive numbers/],
    ["{{esl:R:textfield:offset(1,2,3)}}", /offset\(x,y\)/],
    ["{{esl:R:textfield:maxlen(2.5)}}", /whole number/],
    ["{{esl:R:textfield:maxlen(-1)}}", /whole number/],
    ["{{esl:R:textfield:value(x)}}", /one quoted string/],
    ['{{esl:R:textfield:value("a","b")}}', /one quoted string/],
    ['{{esl:R:list:options("a",)}}', /quoted strings/],
    ["{{esl:R:list:options()}}", /quoted strings/],
    ["{{esl:R:textfield:maxlen(1),maxlen(2)}}", /given twice/],
    ["{{esl:R:textfield:maxlen(1),}}", /missing after the last comma/],
    ["{{esl:R:textfield:maxlen(1) size(1,2)}}", /cannot read the parameters at "maxlen\(1\) size\(1,2\)"/],
  ])("refuses %s, naming the tag", (text, reason) => {
    const run = () => parseTextTag(text);
    expect(run).toThrow(TextTagSyntaxError);
    expect(run).toThrow(reason);
    expect(run).toThrow(`Text tag "${text}" is invalid`);
  });
});

describe("findTextTags", () => {
  it("finds every tag in a line with its offsets", () => {
    const line = "Sign: {{esl:A:signature}} and date {{ * esl_d:A:signingdate}} done";
    const tags = findTextTags(line);
    expect(tags).toEqual([
      { text: "{{esl:A:signature}}", start: 6, end: 25 },
      { text: "{{ * esl_d:A:signingdate}}", start: 35, end: 61 },
    ]);
    for (const tag of tags) expect(line.slice(tag.start, tag.end)).toBe(tag.text);
  });

  it("ignores other text in double braces and lines without tags", () => {
    expect(findTextTags("{{name}} and {{ eslint }} and {{escape:x}}")).toEqual([]);
    expect(findTextTags("")).toEqual([]);
  });

  it("finds tags that touch each other", () => {
    expect(findTextTags("{{esl:A:initials}}{{esl:B:initials}}").map((tag) => tag.start)).toEqual([0, 18]);
  });

  it("finds a tag that the parser will refuse, so that the author hears about it", () => {
    expect(findTextTags("x {{esl:A:stamp}}")).toEqual([{ text: "{{esl:A:stamp}}", start: 2, end: 17 }]);
  });

  it("refuses a tag left open on its line", () => {
    expect(() => findTextTags("Sign {{esl:A:signature")).toThrow('Text tag "{{esl:A:signature" is invalid: it is not closed with }} on its line, or runs off the page');
  });
});
