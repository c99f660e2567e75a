// The program editor (CodeMirror 6, Python): Run with Ctrl/Cmd+Enter, the error line marked,
// the lines of the selected node marked, and the cursor's line reported to the store so that the
// graph can highlight the ops that line produced.
import { basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { EditorState, RangeSetBuilder, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, keymap } from "@codemirror/view";
import { store, touched } from "../store";
import { linesOfSelection } from "./selection-lines";

interface Marks {
  error: number | null;
  linked: number[];
  finding: number | null;
}

const setMarks = StateEffect.define<Marks>();

const marksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    decorations = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setMarks)) decorations = buildMarks(transaction.state, effect.value);
    }
    return decorations;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function buildMarks(state: EditorState, marks: Marks): DecorationSet {
  const byLine = new Map<number, string>();
  for (const line of marks.linked) byLine.set(line, "line-linked");
  if (marks.finding != null) byLine.set(marks.finding, "line-finding");
  if (marks.error != null) byLine.set(marks.error, "line-error");
  const builder = new RangeSetBuilder<Decoration>();
  for (const line of [...byLine.keys()].sort((a, b) => a - b)) {
    if (line < 1 || line > state.doc.lines) continue;
    const from = state.doc.line(line).from;
    builder.add(from, from, Decoration.line({ class: byLine.get(line)! }));
  }
  return builder.finish();
}

export interface Editor {
  getCode(): string;
  setCode(code: string): void;
  revealLine(line: number): void;
  markFinding(line: number | null): void;
}

export function mountEditor(parent: HTMLElement, onRun: () => void): Editor {
  let findingLine: number | null = null;
  let ignoreCursor = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        keymap.of([{ key: "Mod-Enter", run: () => (onRun(), true), preventDefault: true }]),
        basicSetup,
        python(),
        marksField,
        EditorView.updateListener.of((update) => {
          if (!update.selectionSet || ignoreCursor || !update.view.hasFocus) return;
          const line = update.state.doc.lineAt(update.state.selection.main.head).number;
          store.set({ cursorLine: line });
        }),
      ],
    }),
  });
  view.contentDOM.setAttribute("aria-label", "Program code");

  const refresh = () => {
    const state = store.state;
    const error = state.run?.error?.line ?? null;
    view.dispatch({ effects: setMarks.of({ error, linked: linesOfSelection(state), finding: findingLine }) });
  };
  store.subscribe((_state, changed) => {
    if (touched(changed, "run", "selection", "index")) refresh();
  });

  return {
    getCode: () => view.state.doc.toString(),
    setCode(code: string) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
      refresh();
    },
    revealLine(line: number) {
      if (line < 1 || line > view.state.doc.lines) return;
      const from = view.state.doc.line(line).from;
      ignoreCursor = true;
      view.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
      ignoreCursor = false;
    },
    markFinding(line: number | null) {
      findingLine = line;
      refresh();
      if (line != null) this.revealLine(line);
    },
  };
}
