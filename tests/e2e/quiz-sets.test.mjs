// Question sets, in English and in Chinese: a teacher makes a set (one variant per student, a
// course question), checks the three LMS exports with two variants per question (GIFT parsed
// by gift-pegjs, Moodle XML and every QTI item well-formed for xmllint, the QTI zip clean for
// `unzip -t`), and a set of every kind once read as importers read it (lms_check.py: pyslet
// opens the QTI package and scores every item; moodle-xml-parser reads the cloze answers),
// each answer agreeing between the two formats and with the quiz's tolerance; two students take
// it in two browser contexts and download their answers files; the results page grades both
// files together with bad ones beside them (not JSON, another set, cut short, huge), each
// with its own message; the gradebook CSV has their scores; a file whose verdicts were edited
// grades as if unedited. An exam-mode set shows no verdict until the last question.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { parse as parseGift } from "gift-pegjs";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ws-sets-"));

/** The set: 2 coalescing questions, 2 dispatch questions (counts only), one course question. */
async function makeSet(page, lang, { exam = false } = {}) {
  await page.goto(server.base + `quiz?mode=make&lang=${lang}`);
  await page.waitForSelector("[data-testid=set-maker]");
  await page.fill("[data-testid=set-title]", `Week 3 <b>${lang}</b>`);
  await page.fill("[data-testid=set-count-coalescing-sectors]", "2");
  await page.fill("[data-testid=set-count-dispatch-waves]", "2");
  await page.check("[data-testid=set-course-000-6-5]");
  await page.check("[data-testid=set-per-student]");
  if (exam) await page.check("[data-testid=set-exam]");
  await page.waitForSelector("[data-testid=set-take-link]");
  assert.match(await page.locator("[data-testid=set-size]").textContent(), /5/);
  // The link a teacher copies opens in the set's language; the page's own links carry none (the
  // app adds the page's when followed); the test opens them in the run's.
  assert.ok((await page.inputValue("[data-testid=set-student-url]")).endsWith(`&lang=${lang}`));
  const href = async (id) => new URL(await page.locator(`[data-testid=${id}]`).getAttribute("href"), page.url()).href + `&lang=${lang}`;
  return { take: await href("set-take-link"), sheet: await href("set-sheet-link"), results: await href("set-results-link") };
}

async function download(page, testid) {
  const [d] = await Promise.all([page.waitForEvent("download"), page.click(`[data-testid=${testid}]`)]);
  const file = path.join(tmp, `${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return file;
}

/** What the importers read from a QTI zip and a Moodle XML file (tests/e2e/lms_check.py). */
function lmsCheck(zip, moodle) {
  const python = path.join(import.meta.dirname, ".venv", "bin", "python");
  const out = execFileSync(python, [path.join(import.meta.dirname, "lms_check.py"), zip, moodle], { encoding: "utf8" });
  return JSON.parse(out);
}

/**
 * The importers' reading agrees with the quiz: `items` QTI items; every graded item scores one
 * point per field with the right values and with reals 0.9 % off, loses each count one more and
 * each real 1.1 % off; every Moodle cloze question has the item's fields with the same right
 * values (numbers to 1e-9, choices by position, masks as written).
 */
function importersAgree({ qti, moodle }, items) {
  assert.equal(qti.length, items);
  const graded = qti.filter((it) => it.right !== null);
  assert.ok(graded.length >= 1);
  for (const it of graded) {
    const n = it.responses.length;
    const kept = it.responses.filter((r) => r.base_type === "string" || r.base_type === "identifier").length;
    assert.deepEqual([it.right, it.near, it.off], [n, n, kept], it.title);
    const m = moodle.find((q) => q.name === it.title);
    assert.ok(m, `Moodle has ${it.title}`);
    assert.equal(m.gaps.length, n, it.title);
    for (const [j, r] of it.responses.entries()) {
      const gap = m.gaps[j];
      if (r.base_type === "integer" || r.base_type === "float") {
        assert.equal(gap.type, "NUMERICAL", it.title);
        assert.ok(Math.abs(Number(gap.right[0].split(":")[0]) - r.correct) <= 1e-9 * Math.max(1, Math.abs(r.correct)), `${it.title} ${j}`);
      } else if (r.base_type === "identifier") {
        // One right option, or two where two limiters tie (the seed decides): either is right.
        assert.equal(gap.type, "MULTICHOICE", it.title);
        assert.ok(gap.right.length >= 1 && gap.right.length <= 2, `${it.title}: ${gap.right.length} right options`);
      } else {
        assert.equal(gap.type, "SHORTANSWER", it.title);
        assert.ok(gap.right.some((f) => f.toLowerCase() === String(r.correct).toLowerCase()), it.title);
      }
    }
  }
  assert.equal(moodle.length, graded.length);
}

/** The right answers of `student` from the answer key of the sheet, one list per question. */
async function keyFor(page, sheetUrl, student) {
  await page.goto(sheetUrl);
  await page.waitForSelector("[data-testid=set-sheet]");
  await page.fill("[data-testid=set-sheet-name]", student);
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=set-sheet-key] li").length === 5);
  const lines = await page.locator("[data-testid=set-sheet-key] li").allTextContents();
  // Printed for the class: the questions without the seeds that reopen them with their worked
  // solutions, the key only when asked for.
  await page.emulateMedia({ media: "print" });
  assert.equal(await page.locator("[data-testid=set-sheet-key]").isVisible(), false);
  assert.doesNotMatch(await page.locator(".gx-sheet__list").textContent(), /seed|种子/i);
  await page.emulateMedia({ media: "screen" });
  await page.check("[data-testid=print-key]");
  await page.emulateMedia({ media: "print" });
  assert.equal(await page.locator("[data-testid=set-sheet-key]").isVisible(), true);
  await page.emulateMedia({ media: "screen" });
  return lines.map((l) => [...l.matchAll(/= ([0-9.]+)/g)].map((m) => m[1]));
}

/** Takes the set as `student`, answering with `answers(i, right)`; returns the answers file. */
async function take(takeUrl, student, answers, { exam = false } = {}) {
  const { context, page, errors } = await openPage(browser);
  await page.goto(takeUrl);
  await page.waitForSelector("[data-testid=set-take]");
  assert.equal(await page.locator("[data-testid=set-make-link]").count(), 0, "a student's page does not link to the maker");
  await page.click("[data-testid=set-start]");
  assert.equal(await page.locator("[data-testid=set-question]").count(), 0, "no name, no start");
  await page.fill("[data-testid=set-name]", student);
  await page.click("[data-testid=set-start]");
  for (let i = 0; i < 5; i++) {
    const q = page.locator(`[data-testid=set-question][data-index="${i}"]`);
    await q.waitFor();
    if (await q.locator("[data-testid=set-open]").count()) {
      await q.locator("[data-testid=set-open]").fill(`${student}: "occupancy, registers", = limits`);
    } else {
      const values = answers(i);
      for (const [j, v] of values.entries()) await q.locator(`[data-testid=quiz-input-${j}]`).fill(v);
    }
    await q.locator("[data-testid=set-submit]").click();
    if (exam) {
      assert.equal(await page.locator("[data-testid=set-result]").count(), 0, "exam mode: no verdict yet");
    } else {
      await q.locator("[data-testid=set-verdict] p").first().waitFor();
      await q.locator("[data-testid=set-next]").click();
    }
  }
  await page.waitForSelector("[data-testid=set-done]");
  const file = await download(page, "set-download");
  assert.deepEqual(errors, []);
  await context.close();
  return file;
}

for (const lang of ["en", "zh"]) {
  test(`${lang}: a set made, taken by two students, graded together with bad files; exports pass their checks`, async () => {
    const { context, page, errors } = await openPage(browser);
    const links = await makeSet(page, lang);
    // Exports in the page's language, two variants of each generated question.
    await page.fill("[data-testid=set-export-variants]", "2");
    const gift = fs.readFileSync(await download(page, "set-export-gift"), "utf8");
    const parsed = parseGift(gift);
    // GIFT: one question per field (4 questions × 2 variants × 2 fields) and the course
    // question once as an essay, each question's variants under a category of their own.
    assert.equal(parsed.filter((q) => q.type !== "Category").length, 17, gift);
    assert.equal(parsed.filter((q) => q.type === "Numerical").length, 16);
    assert.equal(parsed.filter((q) => q.type === "Essay").length, 1);
    assert.equal(parsed.filter((q) => q.type === "Category").length, 5);
    if (lang === "zh") assert.match(gift, /[\u4e00-\u9fff]/);
    const moodle = await download(page, "set-export-moodle");
    execFileSync("xmllint", ["--noout", moodle]);
    const mx = fs.readFileSync(moodle, "utf8");
    assert.equal((mx.match(/<question type="cloze">/g) ?? []).length, 8);
    assert.equal((mx.match(/<question type="essay">/g) ?? []).length, 1);
    assert.equal((mx.match(/<question type="category">/g) ?? []).length, 6);
    assert.match(mx, /\{1:NUMERICAL:=\d+:0\}/);
    const zip = await download(page, "set-export-qti");
    assert.match(execFileSync("unzip", ["-t", zip], { encoding: "utf8" }), /No errors detected/);
    const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    assert.deepEqual(entries, ["imsmanifest.xml", ...[1, 2, 3, 4].flatMap((q) => [1, 2].map((v) => `items/q0${q}v0${v}.xml`)), "items/q05.xml"]);
    for (const e of entries) execFileSync("xmllint", ["--noout", "-"], { input: execFileSync("unzip", ["-p", zip, e]) });
    importersAgree(lmsCheck(zip, moodle), 9);
    await page.screenshot({ path: path.join(SHOTS, `quiz-set-make-${lang}.png`), fullPage: true });

    // The answer keys of the two students (one variant each).
    const keyAda = await keyFor(page, links.sheet, "Ada Lovelace");
    const keyBo = await keyFor(page, links.sheet, "Bo 2024-17");
    assert.notDeepEqual(keyAda, keyBo, "one variant per student");
    await page.screenshot({ path: path.join(SHOTS, `quiz-set-sheet-${lang}.png`), fullPage: true });

    // Ada answers everything right, Bo only the first question.
    const ada = await take(links.take, "Ada Lovelace", (i) => keyAda[i]);
    const bo = await take(links.take, "Bo 2024-17", (i) => (i === 0 ? keyBo[i] : keyBo[i].map(() => "999999")));
    const boJson = JSON.parse(fs.readFileSync(bo, "utf8"));
    assert.equal(boJson.format, "warpscope-set-answers");
    assert.equal(boJson.questions.length, 5);
    assert.ok(boJson.finished_ms >= boJson.started_ms && boJson.started_ms > 1.6e12);

    // Bad files beside them.
    // Another set: the maker draws a new salt each time it opens.
    const other = await makeSet(page, lang);
    const otherCode = new URL(other.take).searchParams.get("set");
    assert.notEqual(otherCode, new URL(links.take).searchParams.get("set"));
    const adaText = fs.readFileSync(ada, "utf8");
    const bad = [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("these are my notes") },
      { name: "other-set.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ ...JSON.parse(adaText), set: otherCode, student: "Cy" })) },
      { name: "cut.json", mimeType: "application/json", buffer: Buffer.from(adaText.slice(0, adaText.length / 2)) },
      { name: "huge.json", mimeType: "application/json", buffer: Buffer.alloc(600 * 1024, 32) },
    ];
    await page.goto(links.results);
    await page.waitForSelector("[data-testid=set-results]");
    assert.match(await page.locator("[data-testid=results-privacy]").textContent(), lang === "en" ? /stays in this browser.*nothing is uploaded/ : /留在本浏览器/);
    await page.setInputFiles("[data-testid=results-files]", [
      { name: "ada.json", mimeType: "application/json", buffer: fs.readFileSync(ada) },
      { name: "bo.json", mimeType: "application/json", buffer: fs.readFileSync(bo) },
      ...bad,
    ]);
    const count = page.locator("[data-testid=results-count]");
    await page.waitForFunction(() => {
      const c = document.querySelector("[data-testid=results-count]");
      return c && c.dataset.graded === "2" && c.dataset.rejected === "4";
    });
    const rejected = Object.fromEntries(
      await page.locator("[data-testid=results-rejected]").evaluateAll((els) => els.map((e) => [e.dataset.file, e.textContent])),
    );
    const expect = lang === "en"
      ? { "notes.txt": /not JSON/, "other-set.json": /another question set/, "cut.json": /cut short/, "huge.json": /too large/ }
      : { "notes.txt": /不是 JSON/, "other-set.json": /另一套题/, "cut.json": /不完整/, "huge.json": /太大/ };
    for (const [name, re] of Object.entries(expect)) assert.match(rejected[name] ?? "", re, name);
    const scores = await page.locator("[data-testid=results-student]").evaluateAll((els) => els.map((e) => [e.querySelector("th").textContent, e.dataset.right, e.dataset.scored]));
    assert.deepEqual(scores, [["Ada Lovelace", "4", "4"], ["Bo 2024-17", "1", "4"]]);
    // Per question: Q1 right for both, Q2 for one of two; the course question is open.
    const perQ = await page.locator("[data-testid=results-question]").evaluateAll((els) => els.map((e) => [e.dataset.answered ?? "", e.dataset.correct ?? ""]));
    assert.deepEqual(perQ, [["2", "2"], ["2", "1"], ["2", "1"], ["2", "1"], ["", ""]]);
    assert.equal(await page.locator("[data-testid=results-kinds] tr[data-kind=dispatch-waves]").getAttribute("data-correct"), "3");
    assert.equal(await page.locator("[data-testid=results-kinds] tr[data-kind=coalescing-sectors]").getAttribute("data-correct"), "2");
    assert.equal(await page.locator("[data-testid=results-share-chart]").getAttribute("data-bars"), "2");
    await page.waitForSelector("[data-testid=results-share-chart][data-min-font-px]");
    assert.ok(Number(await page.locator("[data-testid=results-share-chart]").getAttribute("data-min-font-px")) >= 12);
    const csv = fs.readFileSync(await download(page, "results-csv"), "utf8").split("\r\n");
    assert.equal(csv[0], "student,correct,scored,percent,minutes,q1,q2,q3,q4,q5");
    assert.match(csv[1], /^Ada Lovelace,4,4,100\.0,[0-9.]+,1,1,1,1,"Ada Lovelace: ""occupancy, registers"", = limits"$/);
    assert.match(csv[2], /^Bo 2024-17,1,4,25\.0,[0-9.]+,1,0,0,0,/);
    assert.match(await page.locator("[data-testid=set-make-link]").getAttribute("href"), /mode=make&.*set=/);
    await page.screenshot({ path: path.join(SHOTS, `quiz-set-results-${lang}.png`), fullPage: true });

    // Bo's file with every verdict edited to "right" grades as before.
    const edited = JSON.parse(fs.readFileSync(bo, "utf8"));
    for (const q of edited.questions) if ("correct" in q) q.correct = true;
    await page.click("[data-testid=results-clear]");
    await page.setInputFiles("[data-testid=results-files]", [{ name: "bo-edited.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(edited)) }]);
    await page.waitForFunction(() => document.querySelector("[data-testid=results-count]").dataset.graded === "1");
    assert.equal(await page.locator("[data-testid=results-student]").getAttribute("data-right"), "1");
    assert.equal(await count.getAttribute("data-rejected"), "0");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ["en", "zh"]) {
  test(`${lang}: a set of every kind reads the same in the QTI and Moodle importers`, async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(server.base + `quiz?mode=make&lang=${lang}`);
    await page.waitForSelector("[data-testid=set-maker]");
    const counts = page.locator("[data-testid^=set-count-]");
    const kinds = await counts.count();
    for (let i = 0; i < kinds; i++) await counts.nth(i).fill("1");
    await page.check("[data-testid=set-course-000-6-5]");
    await page.waitForSelector("[data-testid=set-take-link]");
    const zip = await download(page, "set-export-qti");
    const moodle = await download(page, "set-export-moodle");
    importersAgree(lmsCheck(zip, moodle), kinds + 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("exam mode: no verdict until the end, then each question's verdict", async () => {
  const { context, page, errors } = await openPage(browser);
  const links = await makeSet(page, "en", { exam: true });
  const key = await keyFor(page, links.sheet, "Exam Student");
  await context.close();
  const file = await take(links.take, "Exam Student", (i) => key[i], { exam: true });
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(data.questions.filter((q) => q.correct === true).length, 4);
  // A broken link says so.
  assert.ok(!links.take.includes("lang=zh"));
  const { context: c2, page: p2, errors: e2 } = await openPage(browser);
  await p2.goto(server.base + "quiz?mode=take&v=1&set=AAAA");
  assert.match(await p2.locator("[data-testid=set-error]").textContent(), /damaged/);
  assert.equal(await p2.locator("[data-testid=set-make-link]").getAttribute("href"), new URL(server.base).pathname + "quiz?mode=make");
  assert.deepEqual([...errors, ...e2], []);
  await c2.close();
});
