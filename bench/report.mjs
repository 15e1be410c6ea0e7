// Renders one run as markdown: medians per op, ratios, AveragePool opset
// variants, agreement, minimums, what each configuration ran, footnotes.
//
// Input: { meta, configs, workloads, variants, records, refs } where
//   records.get(workloadKey).get(configName) is a bench-case.mjs record plus
//   `agreement` (agreement.mjs) when its output was compared, and
//   refs.get(workloadKey) names the configuration used as the reference.

import { OPS, outputBytes } from './workloads.mjs';

const OP_TITLE = { pad: 'Pad', gridsample: 'GridSample', averagepool: 'AveragePool' };
const TW = 'tensorwarp';
const TW_RES = 'tensorwarp-resident';
const ORT_WEB = 'ort-web-t1';
const FLOOR = 'floor-copy';
const FRESH = 'floor-fresh';

export function formatMs(ms) {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toPrecision(3);
}

function formatDiff(d) {
  if (d === 0) return '0';
  if (!Number.isFinite(d)) return String(d);
  return d < 0.01 ? d.toExponential(1) : d.toPrecision(2);
}

const formatTol = (t) => (t > 0 && t < 0.01 ? t.toExponential(0) : String(t));

const ratio = (a, b) => (a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : '—');

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

// Both columns of a library share its footnotes.
const family = (name) => name.replace(/-(t\d+|resident|hwc)$/, '');

// One footnote per distinct text, naming every library it applies to.
class Footnotes {
  constructor() {
    this.notes = new Map(); // text -> { n, who: Set }
  }

  ref(text, name) {
    if (!this.notes.has(text)) this.notes.set(text, { n: this.notes.size + 1, who: new Set() });
    const note = this.notes.get(text);
    if (name) note.who.add(family(name));
    return `[^${note.n}]`;
  }

  render() {
    return [...this.notes].map(([text, { n, who }]) => `[^${n}]: ${who.size ? `${[...who].join(', ')}: ` : ''}${text}`).join('\n');
  }
}

export function renderReport({ meta, configs, workloads, variants, records, refs }) {
  const notes = new Footnotes();
  const rec = (key, name) => records.get(key)?.get(name);
  const median = (key, name) => rec(key, name)?.median;
  const names = configs.map((c) => c.name);
  const peers = configs.filter((c) => !c.name.startsWith(TW) && !c.floor).map((c) => c.name);
  const out = [];

  // A timing cell: the number, or why there is none.
  const cell = (r, name, pick, format = formatMs) => {
    if (!r) return '—';
    if (r.na) return `n/a${notes.ref(r.na, name)}`;
    if (r.error) return `ERR${notes.ref(`threw: ${r.error}`, name)}`;
    return format(pick(r));
  };

  out.push('# tensorwarp vs peers: operator benchmark', '');
  out.push(`Generated ${meta.date} by \`${meta.command}\` on ${meta.cpu} (${meta.cores} cores), ${meta.memGiB} GiB RAM, Node ${meta.node}${meta.commit ? `, tensorwarp checkout ${meta.commit}` : ''}.`);
  out.push(`Timing: ${meta.planText}. Same inputs for every configuration (deterministic pseudo-random data, seeded). ${meta.processText}`);
  out.push(`Machine: ${meta.loadText}.`);
  if (meta.sizeText) out.push(`Size: ${meta.sizeText}.`);
  out.push('', `Versions: ${[...new Set(configs.map((c) => c.version).filter(Boolean))].join('; ')}.`, '');
  out.push('Columns:', '');
  for (const c of configs) out.push(`- **${c.name}**: ${c.title}`);
  out.push('', 'Times are medians in ms per call, end to end from JS unless the column says otherwise. Absolute times drift 5–25% between runs on shared machines: compare ratios within one run.');

  const byOp = (list) => OPS.map((op) => [op, list.filter((w) => w.op === op)]).filter(([, ws]) => ws.length);

  for (const [op, ws] of byOp(workloads)) {
    out.push('', `## ${OP_TITLE[op]}`, '', '### Median ms per call', '');
    out.push(table(['workload', ...names], ws.map((w) => [`\`${w.id}\``, ...names.map((n) => cell(rec(w.key, n), n, (r) => r.median))])));

    out.push('', '### Ratios of medians (> 1: tensorwarp is faster)', '');
    const hasTw = ws.some((w) => median(w.key, TW) || median(w.key, TW_RES));
    if (!hasTw) {
      out.push(`_No ratios: tensorwarp has no ${OP_TITLE[op]} timings in this run (not selected, or every case failed)._`);
    } else {
      const best = (key) => {
        let b = null;
        for (const p of peers) {
          const m = median(key, p);
          if (m && (!b || m < b.m)) b = { p, m };
        }
        return b;
      };
      const bestCell = (key, tw) => {
        const b = best(key);
        const t = median(key, tw);
        return b && t ? `${ratio(b.m, t)} (${b.p})` : '—';
      };
      const header = ['workload', `${ORT_WEB} / ${TW}`, `best peer / ${TW}`, `${ORT_WEB} / ${TW_RES}`, `best peer / ${TW_RES}`, `${TW_RES} / ${FLOOR}`, `${TW} / ${FRESH}`, `${TW_RES} output GB/s`];
      out.push(table(header, ws.map((w) => {
        const res = median(w.key, TW_RES);
        return [
          `\`${w.id}\``,
          ratio(median(w.key, ORT_WEB), median(w.key, TW)),
          bestCell(w.key, TW),
          ratio(median(w.key, ORT_WEB), res),
          bestCell(w.key, TW_RES),
          ratio(res, median(w.key, FLOOR)),
          ratio(median(w.key, TW), median(w.key, FRESH)),
          res ? (outputBytes(w) / res / 1e6).toFixed(1) : '—',
        ];
      })));
      out.push('', `\`${TW_RES} / ${FLOOR}\` is how many output-sized copies the resident call costs (1.00× = as fast as touching the output once). \`${TW} / ${FRESH}\` is the end-to-end call in units of the cheapest possible fresh result: one \`slice()\` of the output's bytes.`);
    }

    const vs = variants.filter((v) => v.op === op);
    if (vs.length) {
      const vnames = configs.filter((c) => c.opsets).map((c) => c.name);
      out.push('', `### ${OP_TITLE[op]} at other opsets (median ms)`, '');
      out.push('`opN t`: median ms at opset N. onnxruntime: a model built at opset N (opset ' + vs[0].mainOpset + ' is the main table\'s run). tensorwarp: `onnx.run(\'' + OP_TITLE[op] + '\', ..., { opset: N })`, whose time should not depend on N. ✗: the output disagrees with that opset\'s reference (tensorwarp at the same opset).', '');
      const main = ws.filter((w) => vs.some((v) => v.variantOf === w.id));
      out.push(table(['workload', ...vnames], main.map((w) => [`\`${w.id}\``, ...vnames.map((n) => {
        // The main run stands for its opset unless the configuration ran that
        // opset as a variant too (tensorwarp through onnx.run).
        const own = vs.filter((v) => v.variantOf === w.id && rec(v.key, n));
        const runs = own.some((v) => v.opset === w.opset) ? own : [w, ...own];
        const first = rec(runs[0].key, n);
        // One note instead of the same n/a per opset.
        if (first && first.median === undefined && runs.every((v) => rec(v.key, n)?.na === first.na)) return cell(first, n);
        return runs.map((v) => {
          const r = rec(v.key, n);
          const bad = r?.agreement && !r.agreement.ok ? ' ✗' : '';
          return `op${v.opset} ${cell(r, n, (x) => x.median)}${bad}`;
        }).join(' · ');
      })])));
    }
  }

  // --- agreement -----------------------------------------------------------
  out.push('', '## Agreement: max |configuration − reference|', '');
  out.push('Every output is compared with the reference output of the same run, element by element over the whole tensor. `{x%}` / `{n el.}`: share / number of elements off by more than the tolerance. `int`: the maximum over the interior only (every interpolation tap or pooling window inside the input), used where a peer\'s semantics differ from ONNX near the borders, as the footnote says. ✓ agrees (within float rounding); ≈ agrees up to the semantic difference its footnote documents (and bounds); **✗** disagrees.');
  const byRef = new Map();
  for (const [key, name] of refs) {
    if (!byRef.has(name)) byRef.set(name, []);
    byRef.get(name).push(key);
  }
  if (byRef.size === 1 && byRef.has(TW)) {
    out.push('', 'Reference: **tensorwarp** (end to end) for every workload.');
  } else if (byRef.size) {
    out.push('', 'Reference: tensorwarp end to end where it ran; otherwise the first configuration with an output:', '');
    for (const [name, keys] of byRef) out.push(`- **${name}**: ${keys.map((k) => `\`${k}\``).join(', ')}`);
  }
  const disagreements = [];
  const agreeCell = (w, n) => {
    const r = rec(w.key, n);
    if (refs.get(w.key) === n) return 'reference';
    if (r?.na || r?.error) return cell(r, n);
    if (!r?.agreement) return '—';
    const a = r.agreement;
    if (a.shapeMismatch) {
      disagreements.push(`${n} on \`${w.id}\`: output shape ${a.shapeMismatch}`);
      return `**✗** shape ${a.shapeMismatch}`;
    }
    const share = (s) => {
      if (!s.over) return '';
      const pct = (100 * s.over) / s.n;
      return pct >= 0.01 ? ` {${pct < 1 ? pct.toPrecision(2) : pct.toFixed(0)}%}` : ` {${s.over} el.}`;
    };
    let text = `${formatDiff(a.all.max)}${share(a.all)}`;
    if (a.interior) text += ` · int ${formatDiff(a.interior.max)}${share(a.interior)}`;
    if (!a.ok) disagreements.push(`${n} on \`${w.id}\`: max ${formatDiff(a.all.max)}${a.interior ? `, interior ${formatDiff(a.interior.max)}` : ''} (tolerance ${formatTol(a.expect.tol)})`);
    text += !a.ok ? ' **✗**' : a.documented ? ' ≈' : ' ✓';
    if (a.expect.why && (a.documented || !a.ok)) text += notes.ref(`${a.expect.why} (tolerance ${formatTol(a.expect.tol)}${a.expect.maxShare ? `, or at most ${a.expect.maxShare * 100}% of elements over it` : ''}).`, n);
    return text;
  };
  const anames = configs.filter((c) => !c.floor).map((c) => c.name);
  for (const [op, ws] of byOp(workloads)) {
    out.push('', `### ${OP_TITLE[op]}`, '');
    out.push(table(['workload', ...anames], ws.map((w) => [`\`${w.id}\``, ...anames.map((n) => agreeCell(w, n))])));
  }
  for (const v of variants) {
    for (const n of anames) {
      const a = rec(v.key, n)?.agreement;
      if (a && !a.ok) disagreements.push(`${n} on \`${v.key}\`: max ${formatDiff(a.all?.max ?? NaN)}`);
    }
  }
  out.push('', disagreements.length
    ? `**Disagreements (${disagreements.length}):**\n\n${disagreements.map((d) => `- ${d}`).join('\n')}`
    : '**No disagreements**: every compared output matches the reference within its tolerance.');

  // --- minimums ------------------------------------------------------------
  out.push('', '## Minimum ms per call', '');
  out.push(table(['workload', ...names], workloads.map((w) => [`\`${w.id}\``, ...names.map((n) => cell(rec(w.key, n), n, (r) => r.min))])));

  // --- allocation costs ----------------------------------------------------
  out.push('', '## What fresh results cost the process, per call', '');
  out.push('Besides computing, a call that returns a new array makes the process pay for the memory. These costs depend on the process (its allocator\'s state, how big its JS heap is), not on the library, and they are most of the gap between a median and its minimum for 12 MiB results. Page faults: median count per call, for the whole process; writing into memory just taken from the OS costs one per 4 KiB page (3,072 for 12 MiB). GC: mean ms per call of the garbage-collection pauses that started during it; every large ArrayBuffer counts as external memory, and enough of it makes V8 finish a mark-compact of the whole JS heap.', '');
  const fmtFaults = (f) => (f === undefined ? '—' : String(Math.round(f)));
  const fmtGc = (g) => (g === undefined ? '—' : g.toFixed(2));
  out.push(table(['workload', ...names], workloads.map((w) => [`\`${w.id}\``,
    ...names.map((n) => cell(rec(w.key, n), n, (r) => r, (r) => `${fmtFaults(r.faults)} · ${fmtGc(r.gcMs)}`))])));
  out.push('', 'Each cell: page faults · GC ms.');

  // --- what ran ------------------------------------------------------------
  out.push('', '## What each configuration ran', '');
  for (const c of configs) {
    const groups = new Map();
    for (const w of [...workloads, ...variants]) {
      const r = rec(w.key, c.name);
      if (r?.what) {
        if (!groups.has(r.what)) groups.set(r.what, []);
        groups.get(r.what).push(w.key);
      }
    }
    if (!groups.size) continue;
    out.push(`- **${c.name}**${c.isolate ? ` (own child process: ${c.isolate})` : ''}:`);
    for (const [what, keys] of groups) out.push(`  - ${keys.map((k) => `\`${k}\``).join(', ')}: ${what}`);
  }

  out.push('', '## Notes', '', 'n/a: the configuration has no implementation of this workload; ERR: it threw.', '', notes.render(), '');
  return out.join('\n');
}
