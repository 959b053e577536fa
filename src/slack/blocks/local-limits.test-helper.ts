import type { ModalView } from '@slack/types';
import { LIMITS } from './limits.js';
import type { SlackMessage } from './message.js';

// Minimal Block Kit limits check for this folder's tests, written while the shared check-limits
// helper was being built in parallel; the lead may switch these tests over to it.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function textObject(out: string[], path: string, value: unknown, max: number, plainOnly = false): void {
  if (value === undefined) return;
  if (!isObj(value) || typeof value.text !== 'string') {
    out.push(`${path}: not a text object`);
    return;
  }
  if (value.type !== 'plain_text' && value.type !== 'mrkdwn') out.push(`${path}: bad text type`);
  if (plainOnly && value.type !== 'plain_text') out.push(`${path}: must be plain_text`);
  if (value.text.length === 0) out.push(`${path}: empty text`);
  if (value.text.length > max) out.push(`${path}: ${value.text.length} > ${max}`);
}

function confirm(out: string[], path: string, value: unknown): void {
  if (value === undefined) return;
  if (!isObj(value)) return void out.push(`${path}: not an object`);
  textObject(out, `${path}.title`, value.title, LIMITS.confirmTitle, true);
  textObject(out, `${path}.text`, value.text, LIMITS.confirmText);
  textObject(out, `${path}.confirm`, value.confirm, LIMITS.confirmButton, true);
  textObject(out, `${path}.deny`, value.deny, LIMITS.confirmButton, true);
}

function element(out: string[], path: string, el: unknown): void {
  if (!isObj(el)) return void out.push(`${path}: not an object`);
  if (typeof el.action_id === 'string' && el.action_id.length > LIMITS.actionId)
    out.push(`${path}.action_id: too long`);
  confirm(out, `${path}.confirm`, el.confirm);
  textObject(out, `${path}.placeholder`, el.placeholder, LIMITS.selectPlaceholder, true);
  if (el.type === 'button') {
    textObject(out, `${path}.text`, el.text, LIMITS.buttonText, true);
    if (typeof el.value === 'string' && el.value.length > LIMITS.buttonValue)
      out.push(`${path}.value: too long`);
  }
  if (Array.isArray(el.options)) {
    if (el.options.length > LIMITS.selectOptions) out.push(`${path}.options: too many`);
    for (const [i, o] of el.options.entries()) {
      if (!isObj(o)) {
        out.push(`${path}.options[${i}]: not an object`);
        continue;
      }
      textObject(out, `${path}.options[${i}].text`, o.text, LIMITS.optionText, true);
      if (typeof o.value !== 'string' || o.value.length === 0 || o.value.length > LIMITS.optionValue) {
        out.push(`${path}.options[${i}].value: missing or > ${LIMITS.optionValue}`);
      }
    }
  }
}

function blocks(out: string[], list: unknown, max: number): void {
  if (!Array.isArray(list)) return void out.push('blocks: not an array');
  if (list.length > max) out.push(`blocks: ${list.length} > ${max}`);
  const blockIds = new Set<string>();
  for (const [i, b] of list.entries()) {
    const path = `blocks[${i}]`;
    if (!isObj(b)) {
      out.push(`${path}: not an object`);
      continue;
    }
    if (typeof b.block_id === 'string') {
      if (b.block_id.length > LIMITS.blockId) out.push(`${path}.block_id: too long`);
      if (blockIds.has(b.block_id)) out.push(`${path}.block_id: duplicate ${b.block_id}`);
      blockIds.add(b.block_id);
    }
    if (b.type === 'section') {
      if (b.text === undefined && b.fields === undefined) out.push(`${path}: no text nor fields`);
      textObject(out, `${path}.text`, b.text, LIMITS.sectionText);
      if (Array.isArray(b.fields)) {
        if (b.fields.length > LIMITS.sectionFields) out.push(`${path}.fields: too many`);
        for (const [j, f] of b.fields.entries())
          textObject(out, `${path}.fields[${j}]`, f, LIMITS.sectionFieldText);
      }
    } else if (b.type === 'header') {
      textObject(out, `${path}.text`, b.text, LIMITS.headerText, true);
    } else if (b.type === 'context' || b.type === 'actions') {
      const els = Array.isArray(b.elements) ? b.elements : [];
      const cap = b.type === 'context' ? LIMITS.contextElements : LIMITS.actionsElements;
      if (els.length === 0 || els.length > cap) out.push(`${path}.elements: ${els.length} not in 1..${cap}`);
      const actionIds = new Set<string>();
      for (const [j, el] of els.entries()) {
        if (b.type === 'context') {
          textObject(out, `${path}.elements[${j}]`, el, LIMITS.textObject);
          continue;
        }
        element(out, `${path}.elements[${j}]`, el);
        const id = isObj(el) ? el.action_id : undefined;
        if (typeof id === 'string' && actionIds.has(id)) out.push(`${path}: duplicate action_id ${id}`);
        if (typeof id === 'string') actionIds.add(id);
      }
    } else if (b.type === 'input') {
      textObject(out, `${path}.label`, b.label, LIMITS.inputLabel, true);
      textObject(out, `${path}.hint`, b.hint, LIMITS.inputHint, true);
      element(out, `${path}.element`, b.element);
    } else {
      out.push(`${path}: unexpected block type ${String(b.type)}`);
    }
  }
}

export function messageBreaches(message: SlackMessage): string[] {
  const out: string[] = [];
  if (message.text.length === 0) out.push('text: empty fallback');
  if (message.text.length > LIMITS.messageText) out.push('text: too long');
  blocks(out, message.blocks, LIMITS.messageBlocks);
  return out;
}

export function viewBreaches(view: ModalView): string[] {
  const out: string[] = [];
  textObject(out, 'title', view.title, LIMITS.viewTitle, true);
  textObject(out, 'submit', view.submit, LIMITS.viewSubmit, true);
  textObject(out, 'close', view.close, LIMITS.viewClose, true);
  if ((view.private_metadata ?? '').length > LIMITS.privateMetadata) out.push('private_metadata: too long');
  if ((view.callback_id ?? '').length > LIMITS.callbackId) out.push('callback_id: too long');
  if (view.blocks.some((b) => b.type === 'input') && view.submit === undefined) out.push('submit: required');
  blocks(out, view.blocks, LIMITS.viewBlocks);
  return out;
}
