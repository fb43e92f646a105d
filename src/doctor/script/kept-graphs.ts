// Tensors kept across training steps with their autograd history: `history.append(loss)` or
// `total_loss += loss` in a loop keeps every step's tensor and the graph behind it alive, so memory
// grows every step (PyTorch FAQ, "Don't accumulate history across your training loop":
// https://docs.pytorch.org/docs/stable/notes/faq.html). `.item()` or `.detach()` keeps the number only.
import type { DoctorFinding } from '../types.js';
import { importsTorch } from './facts.js';
import { enclosingBlocks, isLoopHeader, type Statement } from './python-source.js';

// What turns a tensor into a number or cuts it from the graph.
const detached = /\.(?:item|detach|tolist|numpy|cpu)\(|\b(?:float|int)\(|\bwith\s+torch\.no_grad/;

/** Names with autograd history: `X.backward(` is called on them, or they are computed from such names. */
function graphNames(statements: readonly Statement[]): Set<string> {
  const names = new Set<string>();
  for (const s of statements) {
    for (const m of s.code.matchAll(/\b([A-Za-z_]\w*)\.backward\(/g)) names.add(m[1]!);
  }
  const assignments = statements.flatMap((s) => {
    const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/.exec(s.code);
    return m && !detached.test(m[2]!) ? [{ name: m[1]!, expr: m[2]! }] : [];
  });
  // total = loss + kl * w: a sum of graph tensors is one, and so is each term of a graph tensor's sum.
  // loss = criterion(out, y): in a script that calls backward(), a computed loss carries a graph.
  for (let changed = true; changed; ) {
    changed = false;
    for (const { name, expr } of assignments) {
      const isArithmetic = /^[\w\s.+\-*/()]+$/.test(expr) && !/\w\(/.test(expr);
      const terms = isArithmetic ? [...expr.matchAll(/\b([A-Za-z_]\w*)\b/g)].map((u) => u[1]!) : [];
      const found = [
        ...(terms.some((t) => names.has(t)) ? [name] : []),
        ...(names.has(name) ? terms.filter((t) => /^[a-z_]\w*$/.test(t) && !/^\d/.test(t)) : []),
        ...(/loss/i.test(name) && /\w\(/.test(expr) ? [name] : []),
      ].filter((n) => !names.has(n));
      for (const n of found) names.add(n);
      if (found.length > 0) changed = true;
    }
  }
  return names;
}

/** Findings for graph tensors appended to a list or summed across the steps of a loop. */
export function checkKeptGraphs(statements: readonly Statement[], file: string): DoctorFinding[] {
  if (!statements.some((s) => importsTorch(s.code))) return [];
  const names = graphNames(statements);
  if (names.size === 0) return [];
  const blocks = enclosingBlocks(statements);
  return statements.flatMap((statement, index): DoctorFinding[] => {
    const enclosing = blocks[index] ?? [];
    const isNoGrad = enclosing.some((b) => /\bno_grad\(|\binference_mode\(/.test(b.code));
    // A list that outlives a step: filled in a loop, or kept on self (a step function called per step).
    const appended = /^([\w.]+)\.append\(\s*([A-Za-z_]\w*)\s*\)$/.exec(statement.code);
    const summed = /^([\w.]+)\s*\+=\s*([A-Za-z_]\w*)$/.exec(statement.code);
    const match = appended ?? summed;
    if (!match || isNoGrad || !names.has(match[2]!)) return [];
    const [, target, tensor] = match;
    const isAcrossSteps = enclosing.some(isLoopHeader) || target!.startsWith('self.');
    if (!isAcrossSteps) return [];
    const written = appended ? `${target}.append(${tensor})` : `${target} += ${tensor}`;
    const fixed = appended ? `${target}.append(${tensor}.item())` : `${target} += ${tensor}.item()`;
    return [
      {
        code: 'script-kept-graph',
        severity: 'warning',
        file,
        line: statement.line,
        message: `line ${statement.line}: ${written} keeps each step's ${tensor} tensor with its autograd history, so memory grows with every step (PyTorch FAQ: "Don't accumulate history across your training loop")`,
        facts: { target: target!, tensor: tensor! },
        fixes: [`${fixed} (a Python number), or ${tensor}.detach() to keep a tensor without its graph`],
      },
    ];
  });
}
