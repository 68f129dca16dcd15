// factory studio: the page's behaviour. Plain ES2020, no libraries, no build step.
// Every text that comes from the API reaches the DOM through textContent (via el());
// no HTML string is ever built from data, and the CSP forbids inline script and style.
'use strict';

const PAGE = 60;        // cards asked for per /api/week request
const MAX_PAGE = 200;   // the server's cap on `limit`
const BATCH = 40;       // cards rendered per animation frame
const PLATFORM_ORDER = ['tiktok', 'youtube', 'instagram'];

const state = {
  csrf: '',
  total: 0, loaded: 0, wanted: PAGE, weekSeq: 0, refreshTimer: 0,
  jobs: new Map(), watched: null, seenRunning: new Set(),
  itemId: null, item: null, itemSeq: 0, opener: null, sections: {}, estimatedStage: null,
  events: null, eventsOpened: false,
};

// ---------- small helpers ----------

const $ = (selector, root = document) => root.querySelector(selector);
const enc = encodeURIComponent;

/** Creates an element; attributes via setAttribute, text via textContent, never HTML. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (/^on|^style$/i.test(key)) throw new Error(`refusing attribute ${key}`);
    if (key === 'text') node.textContent = String(value);
    else if (key === 'class') node.className = value;
    else if (key === 'data') for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Only same-origin paths for src/href of media and files. */
function localUrl(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** Only http(s) links to posts; anything else (javascript:, data:) is dropped. */
function webUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch { return null; }
}

function money(usd, precise) {
  const value = Number(usd) || 0;
  return '$' + value.toFixed(precise && value < 1 ? 4 : 2);
}

function bytes(size) {
  const n = Number(size) || 0;
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const capital = (word) => (word ? word[0].toUpperCase() + word.slice(1) : '');

/** "2026-11-23" → "23 Nov", read as a calendar date (no time-zone shift). */
function shortDate(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date || '');
  if (!m) return date || '';
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The "HH:MM" of an ISO moment as written, i.e. in the manifest's zone, not the browser's. */
function clock(iso) {
  const m = /T(\d{2}:\d{2})/.exec(iso || '');
  return m ? m[1] : null;
}

/** The colour family of a state word. */
function tone(word) {
  if (['ok', 'done', 'posted', 'approved', 'auto'].includes(word)) return 'good';
  if (['failed', 'missing', 'expired'].includes(word)) return 'bad';
  if (['waiting', 'uploading', 'processing', 'running', 'deferred', 'stale', 'refresh-needed', 'not-approved'].includes(word)) return 'warn';
  return 'neutral';
}

// Platforms count characters as Swift does: grapheme clusters.
const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
function charCount(text) {
  if (!segmenter) return Array.from(text).length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}

/** Distinct words starting with "#", as the server counts them. */
function hashtagCount(text) {
  const tags = text.split(/\s+/).filter((w) => w.length > 1 && w[0] === '#').map((w) => w.toLowerCase());
  return new Set(tags).size;
}

/** Runs fn on the next frame while visible; hidden tabs get no frames, so fall back to a timer. */
function nextFrame(fn) {
  if (document.visibilityState === 'visible') requestAnimationFrame(fn);
  else setTimeout(fn, 0);
}

// ---------- the API and the status line ----------

class ApiError extends Error {
  constructor(message, code, field) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

/** GET when body is undefined, else POST with the CSRF token. Throws ApiError with the server's message. */
async function api(path, body) {
  const options = { credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    options.method = 'POST';
    options.headers['Content-Type'] = 'application/json';
    options.headers['X-CSRF-Token'] = state.csrf;
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    throw new ApiError('The studio server cannot be reached. Is `factory studio` still running?', 'network');
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.message || `The request failed (HTTP ${response.status}).`, error.code || `http-${response.status}`, error.field);
  }
  return data;
}

function announce(message, isError) {
  const box = $('#status');
  box.classList.toggle('error', Boolean(isError));
  box.textContent = message;
}

/** Marks a button busy with aria-disabled: a `disabled` button would drop its focus to <body>. */
async function whileBusy(button, work) {
  if (!button) return work();
  if (button.getAttribute('aria-disabled') === 'true') return undefined; // a second click while busy
  button.setAttribute('aria-disabled', 'true');
  try {
    return await work();
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

// ---------- focus keeping across re-renders ----------

/** A selector that finds the focused control again after its section is rebuilt. */
function rememberFocus(root) {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active)) return null;
  const caret = typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  if (active.id) return { selector: `#${CSS.escape(active.id)}`, caret };
  const parts = ['action', 'platform', 'field', 'stamp']
    .filter((k) => active.dataset[k] !== undefined)
    .map((k) => `[data-${k}="${CSS.escape(active.dataset[k])}"]`);
  const card = active.closest('article[data-item]');
  const scope = card ? `article[data-item="${CSS.escape(card.dataset.item)}"] ` : '';
  // After Approve the same place holds Revoke (and the other way round); else the card's Open.
  const swap = { approve: 'revoke', revoke: 'approve' }[active.dataset.action];
  const fallbacks = card ? [swap ? `${scope}button[data-action="${swap}"]` : null, `${scope}button[data-action="open"]`].filter(Boolean) : [];
  return { selector: scope + active.tagName.toLowerCase() + parts.join(''), fallbacks };
}

function restoreFocus(memory, root) {
  if (!memory) return;
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return;
  const target = [memory.selector, ...(memory.fallbacks || [])].map((selector) => $(selector, root)).find(Boolean);
  if (!target) return;
  target.focus();
  if (memory.caret && typeof target.setSelectionRange === 'function') target.setSelectionRange(...memory.caret);
}

// ---------- the week ----------

/** Fetches the first `count` cards, in as many requests as the server's cap needs. */
async function fetchWeekPages(count) {
  const pages = [];
  let offset = 0;
  do {
    const limit = Math.min(MAX_PAGE, Math.max(1, count - offset));
    const page = await api(`/api/week?offset=${offset}&limit=${limit}`);
    pages.push(page);
    offset += page.limit;
    if (offset >= page.total) break;
  } while (offset < count);
  return pages;
}

async function refreshWeek() {
  const seq = ++state.weekSeq;
  let pages;
  try {
    pages = await fetchWeekPages(Math.max(PAGE, state.wanted));
  } catch (error) {
    if (seq === state.weekSeq) announce(error.message, true);
    if (!state.csrf) $('#week-title').textContent = 'The week could not be loaded';
    return;
  }
  if (seq !== state.weekSeq) return; // a newer refresh is under way
  const first = pages[0];
  const last = pages[pages.length - 1];
  state.csrf = first.csrf;
  state.total = first.total;
  state.loaded = Math.min(first.total, last.offset + last.limit);
  renderHeader(first);
  for (const job of first.jobs || []) onJob(job, true);
  const grid = $('#week-grid');
  const focus = rememberFocus(grid);
  if (await renderGrid(mergeDays(pages), seq)) {
    restoreFocus(focus, grid);
    renderLoadMore();
  }
}

/** One list of days with the items of every page in it. */
function mergeDays(pages) {
  const days = pages[0].days.map((day) => ({ ...day, items: [...day.items] }));
  for (const page of pages.slice(1)) {
    for (const day of page.days) {
      const target = days.find((d) => d.date === day.date);
      if (target) target.items.push(...day.items);
    }
  }
  return days;
}

/** Builds the grid off-screen in batches, then swaps it in at once (no flicker, no scroll jump). */
async function renderGrid(days, seq) {
  const grid = $('#week-grid');
  grid.setAttribute('aria-busy', 'true');
  const columns = days.map(dayColumn);
  const pairs = [];
  days.forEach((day, i) => day.items.forEach((card) => pairs.push([columns[i], card])));
  const finished = await renderCards(pairs, seq);
  if (finished) {
    grid.replaceChildren(...columns);
    columns.forEach(updateEmptyNote);
    grid.removeAttribute('aria-busy');
  }
  return finished;
}

/** Appends cards to their columns a batch per frame; resolves false when a newer refresh took over. */
function renderCards(pairs, seq) {
  return new Promise((resolve) => {
    let index = 0;
    const step = () => {
      if (seq !== state.weekSeq) { resolve(false); return; }
      const end = Math.min(index + BATCH, pairs.length);
      for (; index < end; index += 1) {
        const [column, card] = pairs[index];
        $('.cards', column).append(el('li', {}, cardNode(card)));
      }
      if (index < pairs.length) nextFrame(step);
      else resolve(true);
    };
    step();
  });
}

function dayColumn(day) {
  const headingId = `day-${day.date}`;
  return el('section', { class: 'day', 'aria-labelledby': headingId, data: { date: day.date } },
    el('h2', { class: 'day-title', id: headingId },
      el('span', { class: 'day-name', text: capital(day.weekday) }), ' ',
      el('span', { class: 'day-date', text: shortDate(day.date) })),
    el('ol', { class: 'cards' }),
    el('p', { class: 'day-empty muted', text: 'Nothing this day', hidden: true }));
}

function updateEmptyNote(column) {
  const empty = $('.cards', column).childElementCount === 0;
  const note = $('.day-empty', column);
  note.hidden = !empty;
  note.textContent = state.loaded < state.total ? 'Nothing loaded yet' : 'Nothing this day';
}

function loadMore() {
  return whileBusy($('#load-more'), loadNextPage);
}

async function loadNextPage() {
  const button = $('#load-more');
  const seq = state.weekSeq;
  const offset = state.loaded;
  state.wanted = Math.max(state.wanted, offset + PAGE);
  try {
    const page = await api(`/api/week?offset=${offset}&limit=${PAGE}`);
    if (seq !== state.weekSeq) { scheduleRefresh(); return; } // the grid was rebuilt meanwhile; a refresh brings the page
    state.total = page.total;
    state.loaded = Math.min(page.total, offset + page.limit);
    const pairs = [];
    for (const day of page.days) {
      const column = $(`.day[data-date="${CSS.escape(day.date)}"]`);
      if (column) day.items.forEach((card) => pairs.push([column, card]));
    }
    await renderCards(pairs, seq);
    document.querySelectorAll('.day').forEach(updateEmptyNote);
    announce(`Showing ${state.loaded} of ${state.total} items.`);
  } catch (error) {
    announce(error.message, true);
  } finally {
    renderLoadMore();
    if (button.hidden && document.activeElement === button) $('#week-grid').focus();
  }
}

function renderLoadMore() {
  $('#load-more').hidden = state.loaded >= state.total;
  $('#load-count').textContent = state.total ? `Showing ${state.loaded} of ${state.total} items` : 'No items this week';
}

// ---------- the header ----------

function renderHeader(week) {
  $('#week-title').textContent = week.week;
  document.title = `${week.week} · factory studio`;
  $('#week-meta').textContent = [week.timezone, week.manifest].filter(Boolean).join(' · ');
  renderSpend(week.spend || { days: [] }, week.days || []);
  $('#platforms').replaceChildren(...(week.platforms || []).map(platformChip));
}

function renderSpend(spend, days) {
  const weekday = (date) => {
    const day = days.find((d) => d.date === date);
    return day ? capital(day.weekday).slice(0, 3) : shortDate(date);
  };
  $('#spend-days').replaceChildren(...spend.days.map((d) => spendRow(weekday(d.date), d.spentUSD, d.budgetUSD)));
  $('#spend-week').replaceChildren(spendRow('Week', spend.weekUSD, spend.weeklyBudgetUSD, 'div'));
}

/** "Mon $0.01 / $3.00" with a <meter> (no inline style needed for the bar). */
function spendRow(label, spent, budget, tag = 'li') {
  const used = Number(spent) || 0;
  const cap = Number(budget) || 0;
  const text = `${label} ${money(used)} / ${money(cap)}`;
  return el(tag, { class: 'spend-row' + (cap > 0 && used > cap ? ' over' : '') },
    el('span', { class: 'spend-text', text }),
    el('meter', { min: 0, max: cap > 0 ? cap : 1, value: Math.min(used, cap > 0 ? cap : 1),
      low: cap * 0.7, high: cap * 0.95, optimum: 0, 'aria-hidden': 'true' }));
}

function platformChip(platform) {
  const chip = el('li', { class: `chip tone-${tone(platform.health)}`, data: { platform: platform.platform } },
    el('span', { class: 'chip-name', text: platform.title }), ' ',
    el('span', { class: 'chip-health', text: platform.health }),
    platform.detail ? el('span', { class: 'chip-detail', text: platform.detail }) : null);
  if (platform.health !== 'ok' && platform.fix) {
    chip.append(el('span', { class: 'chip-fix' },
      el('code', { text: platform.fix }),
      el('button', { type: 'button', class: 'btn small', data: { action: 'copy', copy: platform.fix },
        'aria-label': `Copy the command ${platform.fix}`, text: 'Copy' })));
  }
  return chip;
}

async function copyCommand(button) {
  const text = button.dataset.copy;
  try {
    await navigator.clipboard.writeText(text);
    announce(`Copied: ${text}`);
  } catch {
    // No clipboard permission: select the command so Ctrl+C copies it.
    const range = document.createRange();
    range.selectNodeContents(button.previousElementSibling);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    announce('The command is selected; press Ctrl+C to copy it.');
  }
}

// ---------- a card ----------

function kindLine(card) {
  return [card.kind, card.series, card.template].filter(Boolean).join(' · ');
}

function badge(word, label, text) {
  return el('span', { class: `badge tone-${tone(word)}` },
    el('span', { class: 'visually-hidden', text: `${label}: ` }), text || word);
}

const APPROVAL_TEXT = { approved: 'approved', 'not-approved': 'not approved', stale: 'approval stale', auto: 'auto-approved', 'not-needed': null };

function approvalBadge(approval) {
  const state = (approval && approval.state) || 'not-needed';
  const text = state in APPROVAL_TEXT ? APPROVAL_TEXT[state] : state;
  return text ? badge(state, 'Approval', text) : null;
}

function cardNode(card) {
  const title = card.title || card.id;
  const titleId = `card-${card.id}-title`;
  const thumb = localUrl(card.thumb);
  return el('article', { class: `card tone-${tone(card.status)}`, 'aria-labelledby': titleId, data: { item: card.id, status: card.status || '' } },
    thumb
      ? el('img', { class: 'thumb', src: thumb, alt: title, loading: 'lazy', decoding: 'async', width: 300, height: 400 })
      : el('div', { class: 'thumb thumb-empty', 'aria-hidden': 'true', text: 'no still' }),
    el('div', { class: 'card-body' },
      el('h3', { class: 'card-title', id: titleId, text: title }),
      el('p', { class: 'card-kind muted', text: kindLine(card) }),
      el('p', { class: 'badges' }, badge(card.status, 'Status'), ' ', approvalBadge(card.approval)),
      card.reason ? el('p', { class: 'card-reason', text: card.reason }) : null,
      cardFacts(card),
      failedChecks(card.failedChecks || []),
      postLines(card.posts || []),
      figureLines(card),
      cardActions(card, title)));
}

/** What each platform's post did: "TikTok: 1200 views · 96 likes …" (a figure not given is —, never 0),
 * and the views-over-time chart, an SVG image the studio draws. */
function figureLines(card) {
  const figures = card.figures || [];
  if (!figures.length) return null;
  const count = (value) => (typeof value === 'number' ? String(Math.floor(value)) : '—');
  const chart = localUrl(card.viewsChart);
  const names = { tiktok: 'TikTok', youtube: 'YouTube', instagram: 'Instagram' };
  return el('div', { class: 'figures', 'aria-label': 'How the posts did' },
    chart ? el('img', { class: 'views-chart', src: chart, alt: `Views over time: ${card.title || card.id}`, width: 260, height: 64 }) : null,
    el('ul', {}, figures.map((f) => el('li', { data: { platform: f.platform } },
      `${names[f.platform] || capital(f.platform)}: ${count(f.views)} views · ${count(f.likes)} likes · ${count(f.comments)} comments · ${count(f.shares)} shares`,
      f.note ? el('span', { class: 'post-reason', text: ` — ${f.note}` }) : null))));
}

function cardFacts(card) {
  const qa = card.qa || {};
  const facts = [['Cost', money(card.costUSD, true)], ['Loudness', qa.loudness], ['Contrast', qa.contrast], ['Drift', qa.drift]];
  return el('dl', { class: 'facts' }, facts.filter(([, value]) => value)
    .map(([name, value]) => el('div', {}, el('dt', { text: name }), el('dd', { text: value }))));
}

function failedChecks(checks) {
  if (!checks.length) return null;
  return el('ul', { class: 'checks', 'aria-label': 'Failed checks' },
    checks.map((c) => el('li', {}, el('strong', { text: `${c.name}: ` }), c.detail)));
}

/** "TikTok · 18:00 · posted ↗" (a link when there is a URL), or the reason. */
function postLines(posts) {
  if (!posts.length) return null;
  return el('ul', { class: 'posts', 'aria-label': 'Posts' }, posts.map((post) => {
    const head = [post.title || capital(post.platform), clock(post.due)].filter(Boolean).join(' · ') + ' · ';
    const url = webUrl(post.url);
    const stateNode = url
      ? el('a', { href: url, target: '_blank', rel: 'noopener noreferrer', class: `post-state tone-${tone(post.state)}` },
        `${String(post.state).replace(/-/g, ' ')} ↗`, el('span', { class: 'visually-hidden', text: ' (opens in a new tab)' }))
      : el('span', { class: `post-state tone-${tone(post.state)}`, text: String(post.state).replace(/-/g, ' ') });
    return el('li', { data: { platform: post.platform } }, head, stateNode,
      post.reason ? el('span', { class: 'post-reason', text: ` — ${post.reason}` }) : null);
  }));
}

function cardActions(card, title) {
  const approval = (card.approval && card.approval.state) || '';
  const actions = el('div', { class: 'card-actions' },
    el('button', { type: 'button', class: 'btn', data: { action: 'open' }, 'aria-label': `Open ${title}`, text: 'Open' }));
  if (approval === 'approved') {
    actions.append(el('button', { type: 'button', class: 'btn', data: { action: 'revoke' }, 'aria-label': `Revoke ${title}`, text: 'Revoke' }));
  } else if (approval !== 'auto') {
    actions.append(el('button', { type: 'button', class: 'btn primary', data: { action: 'approve' }, 'aria-label': `Approve ${title}`, text: 'Approve' }));
  }
  return actions;
}

function setApproval(id, approve, button) {
  return whileBusy(button, async () => {
    try {
      const answer = await api(`/api/items/${enc(id)}/${approve ? 'approve' : 'revoke'}`, {});
      announce((answer && answer.message) || (approve ? `Approved ${id}.` : `Approval of ${id} withdrawn.`));
    } catch (error) {
      announce(error.message, true);
    }
    await refreshAll();
  });
}

// ---------- jobs ----------

const sortedJobs = () => [...state.jobs.values()].sort((a, b) => String(a.started).localeCompare(String(b.started)));
const isRunning = (id) => Boolean(id && state.jobs.has(id) && state.jobs.get(id).state === 'running');

/** Keeps an older snapshot (from /api/week) from overwriting a newer one (from the event stream). */
function fresher(old, next) {
  if (!old) return true;
  if (old.state !== 'running' && next.state === 'running') return false;
  return !(old.state === next.state && (next.lines || []).length < (old.lines || []).length);
}

function onJob(job, fromWeek) {
  if (!job || !job.id || !fresher(state.jobs.get(job.id), job)) return;
  state.jobs.set(job.id, job);
  if (job.state === 'running') state.seenRunning.add(job.id);
  renderJobsList();
  const relevant = state.itemId ? job.item === state.itemId : true;
  if (state.watched === job.id || (relevant && job.state === 'running' && !isRunning(state.watched))) watch(job);
  // Announce only the endings this page saw running, not last hour's finished jobs.
  if (job.state !== 'running' && state.seenRunning.delete(job.id)) {
    const ending = job.state === 'done' ? 'finished' : `failed${job.exitCode != null ? ` (exit ${job.exitCode})` : ''}`;
    announce(`${capital(job.action)} of ${job.item} ${ending}.`, job.state !== 'done');
    if (!fromWeek) scheduleRefresh();
  }
}

function watch(job) {
  state.watched = job ? job.id : null;
  renderJob(job);
}

function renderJob(job) {
  const log = $('#job-log');
  const stateNode = $('#job-state');
  if (!job) {
    stateNode.textContent = 'idle';
    stateNode.className = 'badge';
    $('#job-action').textContent = '';
    log.replaceChildren();
    log.dataset.job = '';
    updateBusy();
    return;
  }
  stateNode.textContent = job.state;
  stateNode.className = `badge tone-${tone(job.state)}`;
  $('#job-action').textContent = [job.action, job.item, job.exitCode != null ? `exit ${job.exitCode}` : null].filter(Boolean).join(' · ');
  const lines = job.lines || [];
  let shown = log.dataset.job === job.id ? log.childElementCount : 0;
  // A new job, or a server that trimmed its buffer: start over rather than append.
  if (shown > lines.length || (shown && log.lastElementChild.textContent !== lines[shown - 1])) shown = 0;
  if (shown === 0) log.replaceChildren();
  log.dataset.job = job.id;
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  log.append(...lines.slice(shown).map((line) => el('div', { class: 'log-line', text: line })));
  if (atBottom) log.scrollTop = log.scrollHeight;
  updateBusy();
}

function renderJobsList() {
  const jobs = sortedJobs().slice(-6).reverse();
  $('#jobs').hidden = jobs.length === 0;
  $('#jobs-list').replaceChildren(...jobs.map((job) => {
    const lines = job.lines || [];
    return el('li', { class: 'job-row', data: { job: job.id } },
      el('span', { class: 'job-name', text: `${job.item} · ${job.action}` }), ' ',
      badge(job.state, 'State'),
      el('span', { class: 'job-last', text: lines.length ? lines[lines.length - 1] : '' }),
      el('button', { type: 'button', class: 'btn small', data: { action: 'open-job', item: job.item },
        'aria-label': `Show ${job.item}`, text: 'Show' }));
  }));
}

/** Starts a long action (202 JOB) and follows it. */
async function startJob(path, body, message) {
  try {
    const job = await api(path, body);
    announce(message);
    if (job && job.id) {
      state.seenRunning.add(job.id);
      onJob(job);
      watch(state.jobs.get(job.id));
    }
    // The clicked button is now disabled while the job runs; follow the work instead.
    const active = document.activeElement;
    if (state.itemId && (!active || active === document.body || active.disabled)) $('#job-log').focus();
  } catch (error) {
    announce(error.message, true);
  }
  await refreshAll();
}

/** While the event stream is down, follow the watched job by polling it. */
async function pollWatched() {
  if (!isRunning(state.watched) || (state.events && state.events.readyState === 1)) return; // 1: OPEN
  try { onJob(await api(`/api/jobs/${enc(state.watched)}`)); } catch { /* the stream or the next poll will catch up */ }
}

function connectEvents() {
  if (typeof EventSource === 'undefined') return;
  const events = new EventSource('/api/events');
  state.events = events;
  events.addEventListener('job', (event) => {
    try { onJob(JSON.parse(event.data)); } catch { /* a malformed event is ignored */ }
  });
  events.addEventListener('week', scheduleRefresh);
  // EventSource reconnects by itself; events missed while away are caught up by one refresh.
  events.addEventListener('open', () => {
    if (state.eventsOpened) scheduleRefresh();
    state.eventsOpened = true;
  });
}

function scheduleRefresh() {
  clearTimeout(state.refreshTimer);
  state.refreshTimer = setTimeout(refreshAll, 150);
}

function refreshAll() {
  return Promise.all([refreshWeek(), refreshItem()]);
}

// ---------- the item panel ----------

const panel = () => $('#item-panel');

async function openItem(id, opener) {
  const dialog = panel();
  if (state.itemId !== id) resetPanel(id);
  state.itemId = id;
  state.opener = opener || null;
  if (!dialog.open) {
    dialog.showModal();
    dialog.scrollTop = 0; // a reused dialog keeps the last item's scroll
    document.body.classList.add('panel-open');
  }
  $('#panel-close').focus();
  const latest = sortedJobs().filter((job) => job.item === id).pop();
  watch(latest || null);
  await refreshItem();
}

function closePanel() {
  if (panel().open) panel().close(); // the 'close' event does the rest
}

function onPanelClosed() {
  document.body.classList.remove('panel-open');
  const id = state.itemId;
  state.itemId = null;
  state.item = null;
  state.itemSeq += 1;
  const target = state.opener && state.opener.isConnected
    ? state.opener
    : id && $(`article.card[data-item="${CSS.escape(id)}"] button[data-action="open"]`);
  state.opener = null;
  if (target) target.focus();
}

function resetPanel(id) {
  state.sections = {};
  state.item = null;
  state.estimatedStage = null;
  const card = $(`article.card[data-item="${CSS.escape(id)}"] .card-title`);
  $('#item-title').textContent = card ? card.textContent : id;
  $('#item-meta').textContent = 'Loading…';
  $('#item-badges').replaceChildren();
  for (const name of ['media', 'versions', 'texts', 'generation', 'files']) $(`#item-${name}`).replaceChildren();
  $('#regen-stage').value = '';
  $('#regen-variant').value = '';
  hideRegenCost();
  showRegenError(null);
  $('#publish-now').hidden = true;
}

async function refreshItem() {
  const id = state.itemId;
  if (!id) return;
  const seq = ++state.itemSeq;
  let item;
  try {
    item = await api(`/api/items/${enc(id)}`);
  } catch (error) {
    if (seq === state.itemSeq) {
      announce(error.message, true);
      $('#item-meta').textContent = error.message;
    }
    return;
  }
  if (seq !== state.itemSeq || id !== state.itemId) return;
  state.item = item;
  renderItem(item);
}

function renderItem(item) {
  const card = item.card;
  $('#item-title').textContent = card.title || card.id;
  $('#item-meta').textContent = [card.id, kindLine(card), card.date, `cost ${money(card.costUSD, true)}`].filter(Boolean).join(' · ');
  $('#item-badges').replaceChildren(badge(card.status, 'Status'), ' ', approvalBadge(card.approval) || '', ' ',
    item.edited ? el('span', { class: 'badge', text: 'text edited' }) : '');
  // Each section is rebuilt only when its data changed, so a playing video or a draft is not reset.
  section('media', [item.video, item.audio, item.stills, item.captions, card.thumb, card.version], () => mediaNodes(item));
  section('versions', [card.thumb, card.title, card.version, item.stills, item.versions], () => versionNodes(item));
  section('texts', [item.texts, item.limits, card.version, (card.posts || []).map((p) => p.title)], () => textForms(item));
  section('generation', item.generation, () => generationTable(item.generation || []));
  section('files', item.files, () => fileLinks(item.files || []));
  renderApproval(card);
  updateBusy();
}

function section(name, data, build) {
  const signature = JSON.stringify(data);
  if (state.sections[name] === signature) return;
  state.sections[name] = signature;
  const host = $(`#item-${name}`);
  const focus = rememberFocus(host);
  const drafts = keepDrafts(host);
  host.replaceChildren(...[].concat(build()));
  restoreDrafts(host, drafts);
  restoreFocus(focus, host);
}

function mediaNodes(item) {
  const title = item.card.title || item.card.id;
  const nodes = [];
  const video = localUrl(item.video);
  if (video) {
    const player = el('video', { id: 'item-video', controls: true, preload: 'metadata', playsinline: true,
      src: video, poster: localUrl(item.card.thumb), 'aria-label': `Video: ${title}` });
    const captions = localUrl(item.captions);
    if (captions) player.append(el('track', { kind: 'captions', default: true, src: captions, srclang: 'en', label: 'Captions' }));
    nodes.push(player);
  }
  const audio = localUrl(item.audio);
  if (audio) nodes.push(el('audio', { controls: true, preload: 'metadata', src: audio, 'aria-label': `Narration: ${title}` }));
  const stills = (item.stills || []).map(localUrl).filter(Boolean);
  if (stills.length) {
    nodes.push(el('div', { class: 'stills' }, stills.map((src, i) =>
      el('img', { src, alt: `${title}, still ${i + 1} of ${stills.length}`, loading: 'lazy', decoding: 'async' }))));
  }
  if (!nodes.length) nodes.push(el('p', { class: 'muted', text: 'This bundle has no video, audio or stills yet.' }));
  return nodes;
}

function thumbImage(src, alt) {
  const url = localUrl(src);
  return url ? el('img', { class: 'version-thumb', src: url, alt, loading: 'lazy' })
    : el('div', { class: 'version-thumb thumb-empty', 'aria-hidden': 'true', text: 'no still' });
}

/** The current bundle first, then the kept versions beside it. */
function versionNodes(item) {
  const card = item.card;
  const current = el('figure', { class: 'version current' },
    thumbImage(card.thumb || (item.stills || [])[0], `Current: ${card.title}`),
    el('figcaption', {}, el('strong', { text: 'Current' }), el('span', { text: card.title })));
  const kept = (item.versions || []).map((v) => el('figure', { class: 'version', data: { version: v.stamp } },
    localUrl(v.video)
      ? el('video', { class: 'version-thumb', controls: true, preload: 'none', src: localUrl(v.video), poster: localUrl(v.thumb),
        'aria-label': `Version of ${v.label}: ${v.title}` })
      : thumbImage(v.thumb, `Version of ${v.label}: ${v.title}`),
    el('figcaption', {}, el('strong', { text: v.label }), el('span', { text: v.title }),
      el('button', { type: 'button', class: 'btn', data: { action: 'restore', stamp: v.stamp },
        'aria-label': `Use this version: ${v.label}`, text: 'Use this version' }))));
  if (!kept.length) kept.push(el('p', { class: 'muted', text: 'No earlier versions are kept yet; making it again keeps the current one.' }));
  return [current, ...kept];
}

function generationTable(rows) {
  if (!rows.length) return el('p', { class: 'muted', text: 'No generation records in this bundle.' });
  const total = rows.reduce((sum, row) => sum + (Number(row.costUSD) || 0), 0);
  const cells = (tag, values) => el('tr', {}, values.map((value) => el(tag, { text: value })));
  return el('table', {},
    el('caption', { class: 'visually-hidden', text: 'How each stage was made and what it cost' }),
    el('thead', {}, cells('th', ['Stage', 'Provider', 'Model', 'Cost', 'Cached'])),
    el('tbody', {}, rows.map((row) => cells('td', [row.stage, row.provider, row.model, money(row.costUSD, true), row.cached ? 'yes' : 'no']))),
    el('tfoot', {}, cells('td', ['Total', '', '', money(total, true), ''])));
}

function fileLinks(files) {
  if (!files.length) return el('li', { class: 'muted', text: 'No files yet.' });
  return files.filter((file) => localUrl(file.url)).map((file) => el('li', {},
    el('a', { href: localUrl(file.url), download: file.name, text: file.name }), ' ',
    el('span', { class: 'muted', text: `(${bytes(file.size)})` })));
}

// ---------- texts to post ----------

function textForms(item) {
  const texts = item.texts || {};
  const rank = (p) => (PLATFORM_ORDER.includes(p) ? PLATFORM_ORDER.indexOf(p) : PLATFORM_ORDER.length);
  const platforms = Object.keys(texts).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (!platforms.length) return el('p', { class: 'muted', text: 'This item posts to no platform, so there is no text to edit.' });
  return platforms.map((platform) => {
    const post = (item.card.posts || []).find((p) => p.platform === platform);
    return textForm(platform, texts[platform] || {}, (item.limits || {})[platform] || {}, post ? post.title : capital(platform));
  });
}

function textForm(platform, text, limits, title) {
  const fields = el('fieldset', {}, el('legend', { text: title }));
  if (text.title !== null && text.title !== undefined) fields.append(textField(platform, 'title', 'Title', text.title, limits.title, 0));
  fields.append(textField(platform, 'caption', 'Caption', text.caption || '', limits.caption, limits.hashtags));
  fields.append(el('div', { class: 'row' },
    el('button', { type: 'submit', class: 'btn primary', data: { action: 'save-text', platform },
      'aria-label': `Save the ${title} text`, text: 'Save' })));
  return el('form', { class: 'text-form', novalidate: true, data: { platform } }, fields);
}

function textField(platform, field, label, value, max, tagMax) {
  const key = `${platform}-${field}`;
  const described = [`count-${key}`, tagMax ? `count-${platform}-hashtags` : null, `error-${key}`].filter(Boolean).join(' ');
  const attrs = { id: `text-${key}`, 'aria-describedby': described, data: { platform, field, max: max || 0, tagMax: tagMax || 0 } };
  const input = field === 'title' ? el('input', { ...attrs, type: 'text' }) : el('textarea', { ...attrs, rows: 6 });
  input.value = value;
  const wrapper = el('div', { class: 'field' },
    el('label', { for: attrs.id, text: label }),
    input,
    el('p', { class: 'counters' },
      el('span', { class: 'counter', id: `count-${key}`, data: { counter: key } }),
      tagMax ? el('span', { class: 'counter', id: `count-${platform}-hashtags`, data: { counter: `${platform}-hashtags` } }) : null),
    el('p', { class: 'field-error', id: `error-${key}`, hidden: true }));
  updateCounters(input, wrapper);
  return wrapper;
}

/** "123 / 2200"; over the limit: class `over` on the counter, aria-invalid on the field. */
function updateCounters(input, root = input.closest('form')) {
  const { platform, field } = input.dataset;
  const max = Number(input.dataset.max) || 0;
  const count = charCount(input.value);
  let over = max > 0 && count > max;
  const counter = $(`[data-counter="${platform}-${field}"]`, root);
  counter.textContent = max ? `${count} / ${max}` : String(count);
  counter.classList.toggle('over', over);
  const tagMax = Number(input.dataset.tagMax) || 0;
  if (tagMax) {
    const tags = hashtagCount(input.value);
    const tagCounter = $(`[data-counter="${platform}-hashtags"]`, root);
    tagCounter.textContent = `${tags} / ${tagMax} hashtags`;
    tagCounter.classList.toggle('over', tags > tagMax);
    over = over || tags > tagMax;
  }
  if (over) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

function onTextInput(event) {
  const input = event.target.closest('[data-field]');
  if (!input) return;
  input.dataset.dirty = '1';
  showFieldError(input, null);
  updateCounters(input);
}

function showFieldError(input, message) {
  const note = $(`#error-${CSS.escape(`${input.dataset.platform}-${input.dataset.field}`)}`);
  if (note) {
    note.textContent = message || '';
    note.hidden = !message;
  }
  if (message) input.setAttribute('aria-invalid', 'true');
}

/** Unsaved edits, kept across a rebuild caused by someone else's change. */
function keepDrafts(host) {
  return [...host.querySelectorAll('[data-field][data-dirty="1"]')]
    .map((input) => ({ key: `${input.dataset.platform}-${input.dataset.field}`, value: input.value }));
}

function restoreDrafts(host, drafts) {
  for (const draft of drafts) {
    const input = $(`#text-${CSS.escape(draft.key)}`, host);
    if (!input) continue;
    input.value = draft.value;
    input.dataset.dirty = '1';
    updateCounters(input);
  }
}

function saveText(form) {
  return whileBusy($('[data-action="save-text"]', form), () => sendText(form));
}

async function sendText(form) {
  const id = state.itemId;
  const platform = form.dataset.platform;
  const caption = $('[data-field="caption"]', form);
  const title = $('[data-field="title"]', form);
  const body = { platform, caption: caption.value };
  if (title) body.title = title.value;
  form.querySelectorAll('[data-field]').forEach((input) => showFieldError(input, null));
  try {
    const answer = await api(`/api/items/${enc(id)}/text`, body);
    form.querySelectorAll('[data-field]').forEach((input) => { input.dataset.dirty = ''; });
    announce((answer && answer.message) || `Saved the ${platform} text.`);
  } catch (error) {
    announce(error.message, true);
    const target = error.field === 'title' && title ? title : error.field ? caption : null;
    if (target) {
      showFieldError(target, error.message);
      target.focus();
    }
    return;
  }
  await refreshAll();
}

// ---------- make again, restore, approval, publish ----------

function hideRegenCost() {
  state.estimatedStage = null;
  const cost = $('#regen-cost');
  cost.textContent = '';
  cost.hidden = true;
  updateBusy();
}

function showRegenError(error) {
  const note = $('#regen-error');
  note.textContent = error ? error.message : '';
  note.hidden = !error;
  const variant = $('#regen-variant');
  if (error && error.field === 'variant') variant.setAttribute('aria-invalid', 'true');
  else variant.removeAttribute('aria-invalid');
}

function estimate() {
  return whileBusy($('#regen-estimate'), showCost);
}

async function showCost() {
  const stage = $('#regen-stage').value;
  showRegenError(null);
  try {
    const answer = await api(`/api/items/${enc(state.itemId)}/estimate`, { stage });
    const cost = $('#regen-cost');
    cost.textContent = (answer && answer.message) || '';
    cost.hidden = false;
    state.estimatedStage = stage;
    const total = answer && typeof answer.costUSD === 'number' ? ` It would cost ${money(answer.costUSD, true)}.` : '';
    announce(`Cost shown.${total} “Make again” is now available.`);
  } catch (error) {
    showRegenError(error);
    announce(error.message, true);
  } finally {
    updateBusy();
  }
}

async function regenerate() {
  const stage = $('#regen-stage').value;
  if (state.estimatedStage !== stage) return; // the cost of this choice has not been shown
  const body = { stage };
  const variantText = $('#regen-variant').value.trim();
  if (variantText) {
    const variant = Number(variantText);
    if (!Number.isInteger(variant) || variant < 1) {
      showRegenError({ message: 'The variant is a whole number from 1.', field: 'variant' });
      $('#regen-variant').focus();
      return;
    }
    body.variant = variant;
  }
  showRegenError(null);
  hideRegenCost(); // the next run needs the cost shown again
  await startJob(`/api/items/${enc(state.itemId)}/regenerate`, body, 'Making it again; the progress shows below.');
}

function restoreVersion(stamp) {
  return startJob(`/api/items/${enc(state.itemId)}/versions/${enc(stamp)}/restore`, {}, 'Restoring that version; the progress shows below.');
}

function publishNow() {
  return startJob(`/api/items/${enc(state.itemId)}/publish`, {}, 'Publishing now; the progress shows below.');
}

function renderApproval(card) {
  const approval = card.approval || {};
  const sentences = {
    approved: `Approved${approval.by ? ` by ${approval.by}` : ''}${approval.at ? ` at ${approval.at}` : ''}. It can be published.`,
    stale: 'An earlier version was approved; approve this one to publish it.',
    'not-approved': 'Not approved yet; approve it to publish it.',
    auto: 'Approval is automatic for this week.',
    'not-needed': 'The manifest has no publish: section, so nothing is posted.',
  };
  $('#approval-line').textContent = sentences[approval.state] || `Approval: ${approval.state || 'unknown'}`;
  const button = $('#panel-approval');
  button.hidden = approval.state === 'auto';
  button.dataset.approve = approval.state === 'approved' ? '0' : '1';
  button.textContent = approval.state === 'approved' ? 'Revoke approval' : 'Approve';
  $('#publish-now').hidden = !(approval.state === 'approved' || approval.state === 'auto');
}

/** One action per item at a time: while its job runs, the long actions wait. */
function updateBusy() {
  const busy = Boolean(state.itemId) && sortedJobs().some((job) => job.item === state.itemId && job.state === 'running');
  $('#regen-run').disabled = busy || state.estimatedStage === null || state.estimatedStage !== $('#regen-stage').value;
  $('#publish-now').disabled = busy;
  document.querySelectorAll('#item-versions [data-action="restore"]').forEach((button) => { button.disabled = busy; });
}

// ---------- keyboard: focus trap and Escape ----------

function focusables(root) {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), '
    + 'video[controls], audio[controls], [tabindex]:not([tabindex="-1"])';
  return [...root.querySelectorAll(selector)].filter((node) => node.getClientRects().length > 0);
}

function onPanelKey(event) {
  if (event.key === 'Escape') {
    event.preventDefault();
    closePanel();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusables(panel());
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

// ---------- wiring ----------

function onGridClick(event) {
  const button = event.target.closest('button[data-action]');
  const card = button && button.closest('article.card[data-item]');
  if (!card) return;
  const id = card.dataset.item;
  if (button.dataset.action === 'open') openItem(id, button);
  else if (button.dataset.action === 'approve') setApproval(id, true, button);
  else if (button.dataset.action === 'revoke') setApproval(id, false, button);
}

function bind() {
  $('#week-grid').addEventListener('click', onGridClick);
  $('#load-more').addEventListener('click', loadMore);
  $('#platforms').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action="copy"]');
    if (button) copyCommand(button);
  });
  $('#jobs-list').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action="open-job"]');
    if (button) openItem(button.dataset.item, button);
  });

  const dialog = panel();
  dialog.addEventListener('keydown', onPanelKey);
  dialog.addEventListener('close', onPanelClosed);
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop lands on the dialog itself, outside its box.
    if (event.target !== dialog || event.detail === 0) return;
    const box = dialog.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) closePanel();
  });
  $('#panel-close').addEventListener('click', closePanel);
  $('#item-versions').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action="restore"]');
    if (button) restoreVersion(button.dataset.stamp);
  });
  $('#item-texts').addEventListener('input', onTextInput);
  $('#item-texts').addEventListener('submit', (event) => {
    event.preventDefault();
    saveText(event.target);
  });
  $('#regen-stage').addEventListener('change', hideRegenCost);
  $('#regen-variant').addEventListener('input', () => showRegenError(null));
  $('#regen-estimate').addEventListener('click', estimate);
  $('#regen-run').addEventListener('click', regenerate);
  const approval = $('#panel-approval');
  approval.addEventListener('click', () => setApproval(state.itemId, approval.dataset.approve === '1', approval));
  $('#publish-now').addEventListener('click', publishNow);
}

async function start() {
  bind();
  await refreshWeek();
  // After a reload mid-run, the newest running job shows its progress again.
  if (!state.watched) {
    const running = sortedJobs().filter((job) => job.state === 'running').pop();
    if (running) watch(running);
  }
  connectEvents();
  setInterval(pollWatched, 2000);
}

start();
