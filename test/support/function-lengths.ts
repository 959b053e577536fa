import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

interface FunctionLength {
  file: string;
  /** 1-based line the function starts on. */
  line: number;
  name: string;
  /** Its lines less the inner lines of the functions written inside it, which count as their own. */
  ownLines: number;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** What a reader would call the function: its own name, or the name it is assigned or passed to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback to ${parent.expression.getText().slice(0, 40)})`;
  const enclosing = ts.findAncestor(parent, isFunction);
  return enclosing ? `(function in ${nameOf(enclosing as ts.FunctionLikeDeclaration)})` : '(anonymous)';
}

/** Each function of one source text, with its own length. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const found: FunctionLength[] = [];
  /** Measures `node` and everything inside it; returns its inner lines, which an outer function drops. */
  const visit = (node: ts.Node): number => {
    let innerOfNested = 0;
    const visitChildren = (child: ts.Node) => {
      innerOfNested += visit(child);
    };
    if (!isFunction(node)) {
      ts.forEachChild(node, visitChildren);
      return innerOfNested;
    }
    ts.forEachChild(node, visitChildren);
    const first = lineOf(node.getStart(source));
    const last = lineOf(node.getEnd());
    const ownLines = last - first + 1 - innerOfNested;
    found.push({ file, line: first + 1, name: nameOf(node), ownLines });
    return Math.max(0, last - first - 1);
  };
  visit(source);
  return found;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The functions of the app's code (tests and `skip`ped folders aside) longer than `maxLines` of their own. */
export function longFunctions(root: string, maxLines: number, skip: (file: string) => boolean) {
  return typeScriptFiles(root)
    .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test-d.ts') && !skip(file))
    .flatMap((file) => functionLengths(file, readFileSync(file, 'utf8')))
    .filter((fn) => fn.ownLines > maxLines);
}
