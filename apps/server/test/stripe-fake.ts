import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addMonths } from '@mindledger/domain';
import Stripe from 'stripe';

/**
 * A small Stripe for the API tests (issue 12): plain node:http on 127.0.0.1, objects in memory,
 * exactly the endpoints the adapter calls, answered with Stripe-shaped JSON; requests are read
 * form-encoded with Stripe's bracket notation (`items[0][price]=…`), as the SDK sends them. Its
 * clock is the test server's (`now`), also sent as the `Date` header. What Stripe does on its own
 * (a customer paying a checkout, a renewal) is done by the test through `completeSession`,
 * `renew` and `update`; webhooks are built with `event` and signed with the SDK's
 * `generateTestHeaderString` (`signed`).
 */

type Param = string | Params | Param[];
interface Params {
  [key: string]: Param;
}

export interface FakePrice {
  id: string;
  unit_amount: number;
  interval: 'month' | 'year';
}

interface Item {
  id: string;
  object: 'subscription_item';
  price: {
    id: string;
    object: 'price';
    unit_amount: number;
    currency: 'usd';
    recurring: { interval: string; interval_count: 1 };
  };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  items: { object: 'list'; data: Item[]; has_more: false; url: string };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  created: number;
  metadata: Record<string, string>;
  schedule: string | null;
  latest_invoice: string | null;
  discounts: string[];
  currency: 'usd';
  livemode: false;
}

interface Line {
  amount: number;
  description: string;
  proration: boolean;
  price: string;
  period: { start: number; end: number };
}

interface Phase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
  trial_end: number | null;
  discounts: { coupon: string | null; discount: string | null; promotion_code: string | null }[];
  metadata: Record<string, string>;
}

interface Stored {
  id: string;
  object: string;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new FakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
const invalid = (message: string, param?: string) =>
  new FakeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

/** Stripe's form encoding (`a[b][0][c]=v`) read into nested objects and arrays. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Params;
    });
  }
  return arrays(root) as Params;
}

function arrays(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: Params = {};
  for (const key of keys) out[key] = arrays(value[key]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k]!);
  return out;
}

const str = (value: Param | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: Param | undefined): number | undefined =>
  typeof value === 'string' && value !== '' ? Number(value) : undefined;
const obj = (value: Param | undefined): Params =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const list = (value: Param | undefined): Param[] => (Array.isArray(value) ? value : []);
const bool = (value: Param | undefined): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;
function metadataOf(value: Param | undefined, base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  for (const [key, v] of Object.entries(obj(value))) {
    if (typeof v !== 'string') continue;
    if (v === '') delete out[key];
    else out[key] = v;
  }
  return out;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export class StripeFake {
  url = '';
  /** The fake's clock (tests point it at the server's clock). */
  now: () => Date = () => new Date();
  /** Every call, in order (tests check what the adapter sent). */
  readonly requests: RecordedRequest[] = [];
  /** The next payment is refused (card_declined). */
  declineNext = false;
  private readonly objects = new Map<string, Stored>();
  private readonly sessionParams = new Map<string, Params>();
  private readonly prices = new Map<string, FakePrice>();
  private server: Server | undefined;
  private invoiceCount = 0;

  constructor(
    readonly apiKey: string,
    readonly webhookSecret: string,
    prices: FakePrice[],
  ) {
    for (const price of prices) this.prices.set(price.id, price);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private id(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('hex')}`;
  }

  private put<T extends Stored>(value: T): T {
    this.objects.set(value.id, value);
    return value;
  }

  private get<T extends Stored>(kind: string, id: string): T {
    const found = this.objects.get(id);
    if (!found || found.object !== kind) throw missing(kind, id);
    return found as T;
  }

  /** The stored object (a copy). */
  object<T = Stored>(id: string): T {
    const found = this.objects.get(id);
    if (!found) throw new Error(`no object ${id}`);
    return clone(found) as unknown as T;
  }

  subscription(id: string): FakeSubscription {
    return this.object<FakeSubscription>(id);
  }

  /** Changes a stored object as Stripe would on its own (a portal change, a payment failure). */
  update<T extends object>(id: string, patch: Partial<T>): T {
    const found = this.objects.get(id);
    if (!found) throw new Error(`no object ${id}`);
    Object.assign(found, patch);
    return clone(found) as unknown as T;
  }

  calls(path: RegExp, method?: string): RecordedRequest[] {
    return this.requests.filter((r) => path.test(r.path) && (!method || r.method === method));
  }

  // ── http ─────────────────────────────────────────────────────────────────────────────────

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = {
      ...parseStripeForm(url.search.slice(1)),
      ...parseStripeForm(Buffer.concat(chunks).toString('utf8')),
    };
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    res.setHeader('Date', this.now().toUTCString());
    res.setHeader('Request-Id', this.id('req'));
    res.setHeader('Content-Type', 'application/json');
    try {
      if (req.headers.authorization !== `Bearer ${this.apiKey}`)
        throw new FakeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      const answer = this.route(method, url.pathname, params);
      const expand = list(params.expand).filter((p): p is string => typeof p === 'string');
      res.statusCode = 200;
      res.end(JSON.stringify(this.expand(answer, expand)));
    } catch (error) {
      const fake =
        error instanceof FakeError
          ? error
          : new FakeError(500, { type: 'api_error', message: String(error) });
      res.statusCode = fake.status;
      res.end(JSON.stringify({ error: fake.body }));
    }
  }

  private expand(answer: Stored, paths: string[]): Stored {
    const out = clone(answer) as Record<string, unknown>;
    for (const path of paths) {
      let node: Record<string, unknown> | undefined = out;
      for (const segment of path.split('.')) {
        if (!node) break;
        const ref = node[segment];
        if (typeof ref === 'string' && this.objects.has(ref)) node[segment] = clone(this.objects.get(ref));
        const next: unknown = node[segment];
        node = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
      }
    }
    return out as Stored;
  }

  private route(method: string, path: string, p: Params): Stored {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [a, b, c, d] = parts;
    if (a === 'checkout' && b === 'sessions') {
      if (method === 'POST' && !c) return this.createSession(p);
      if (method === 'GET' && c) return this.get('checkout.session', c);
    }
    if (a === 'subscriptions' && b) {
      if (method === 'GET') return this.get('subscription', b);
      if (method === 'POST') return this.updateSubscription(b, p);
    }
    if (a === 'invoices' && b === 'create_preview' && method === 'POST') return this.preview(p);
    if (a === 'subscription_schedules') {
      if (method === 'POST' && !b) return this.createSchedule(p);
      if (method === 'GET' && b) return this.get('subscription_schedule', b);
      if (method === 'POST' && b && c === 'release') return this.releaseSchedule(b);
      if (method === 'POST' && b && !c) return this.updateSchedule(b, p);
    }
    if (a === 'billing_portal' && b === 'sessions' && method === 'POST') return this.portal(p);
    if (a === 'coupons') {
      if (method === 'POST' && !b) return this.createCoupon(p);
      if (b && method === 'GET') return this.get('coupon', b);
      if (b && method === 'POST') return this.put({ ...this.get('coupon', b), ...this.couponPatch(p) });
      if (b && method === 'DELETE') {
        this.get('coupon', b);
        this.objects.delete(b);
        return { id: b, object: 'coupon', deleted: true };
      }
    }
    if (a === 'promotion_codes') {
      if (method === 'POST' && !b) return this.createPromotionCode(p);
      if (b && method === 'GET') return this.get('promotion_code', b);
      if (b && method === 'POST') return this.updatePromotionCode(b, p);
    }
    throw new FakeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}) ${d ?? ''}`,
    });
  }

  // ── checkout ─────────────────────────────────────────────────────────────────────────────

  private price(id: string | undefined, param: string): FakePrice {
    const price = id ? this.prices.get(id) : undefined;
    if (!price) throw invalid(`No such price: '${id}'`, param);
    return price;
  }

  private priceObject(price: FakePrice): Item['price'] {
    return {
      id: price.id,
      object: 'price',
      unit_amount: price.unit_amount,
      currency: 'usd',
      recurring: { interval: price.interval, interval_count: 1 },
    };
  }

  private promotionCode(id: string | undefined): Stored {
    const code = id ? this.objects.get(id) : undefined;
    if (!code || code.object !== 'promotion_code')
      throw invalid(`No such promotion code: '${id}'`, 'discounts');
    if (!code.active) throw invalid('This promotion code is not active.', 'discounts');
    const expires = code.expires_at as number | null;
    if (expires !== null && expires <= this.seconds())
      throw invalid('This promotion code has expired.', 'discounts');
    return code;
  }

  private createSession(p: Params): Stored {
    if (str(p.mode) !== 'subscription') throw invalid('mode must be subscription here', 'mode');
    const item = obj(list(p.line_items)[0]);
    const price = this.price(str(item.price), 'line_items[0][price]');
    if (!str(p.success_url) || !str(p.cancel_url)) throw invalid('success_url and cancel_url are required');
    const customer = str(p.customer) ?? null;
    if (customer) this.get('customer', customer);
    const discounts = list(p.discounts).map((d) => {
      const code = this.promotionCode(str(obj(d).promotion_code));
      return {
        coupon: code.promotion && (code.promotion as { coupon: string }).coupon,
        promotion_code: code.id,
      };
    });
    const created = this.seconds();
    const session = this.put({
      id: this.id('cs_test'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${this.id('x')}`,
      success_url: str(p.success_url),
      cancel_url: str(p.cancel_url),
      client_reference_id: str(p.client_reference_id) ?? null,
      customer,
      customer_email: str(p.customer_email) ?? null,
      metadata: metadataOf(p.metadata),
      payment_method_collection: str(p.payment_method_collection) ?? 'always',
      subscription: null,
      invoice: null,
      discounts: discounts.length > 0 ? discounts : null,
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      currency: 'usd',
      created,
      expires_at: created + 86_400,
      livemode: false,
    });
    this.sessionParams.set(session.id, p);
    return session;
  }

  /** The customer pays the hosted page (or starts the trial): the subscription and first invoice. */
  completeSession(id: string): { session: Stored; subscription: FakeSubscription } {
    const session = this.get('checkout.session', id);
    const p = this.sessionParams.get(id) ?? {};
    const price = this.price(str(obj(list(p.line_items)[0]).price), 'price');
    const customer =
      (session.customer as string | null) ??
      this.put({
        id: this.id('cus'),
        object: 'customer',
        email: session.customer_email,
        created: this.seconds(),
      }).id;
    const data = obj(p.subscription_data);
    const days = num(data.trial_period_days);
    const now = this.seconds();
    const end = days ? now + days * 86_400 : this.after(now, price.interval);
    const subId = this.id('sub');
    const discounts = ((session.discounts as { coupon: string; promotion_code: string }[] | null) ?? []).map(
      (d) =>
        this.put({
          id: this.id('di'),
          object: 'discount',
          coupon: d.coupon,
          promotion_code: d.promotion_code,
          start: now,
          subscription: subId,
        }).id,
    );
    const sub = this.put<FakeSubscription & Stored>({
      id: subId,
      object: 'subscription',
      customer,
      status: days ? 'trialing' : 'active',
      items: {
        object: 'list',
        data: [this.item(subId, price, now, end)],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: days ? now : null,
      trial_end: days ? end : null,
      start_date: now,
      created: now,
      metadata: metadataOf(data.metadata),
      schedule: null,
      latest_invoice: null,
      discounts,
      currency: 'usd',
      livemode: false,
    });
    const invoice = days
      ? this.invoice(sub, 'subscription_create', [
          {
            amount: 0,
            description: `Trial period for ${price.id}`,
            proration: false,
            price: price.id,
            period: { start: now, end },
          },
        ])
      : this.invoice(sub, 'subscription_create', [
          {
            amount: price.unit_amount,
            description: `1 × ${price.id}`,
            proration: false,
            price: price.id,
            period: { start: now, end },
          },
        ]);
    sub.latest_invoice = invoice.id;
    Object.assign(session, {
      status: 'complete',
      payment_status: days ? 'no_payment_required' : 'paid',
      subscription: sub.id,
      customer,
      invoice: invoice.id,
      amount_total: invoice.total,
      total_details: {
        amount_discount: invoice.total_discount_amounts.reduce((sum, d) => sum + d.amount, 0),
        amount_shipping: 0,
        amount_tax: 0,
      },
    });
    return { session: clone(session), subscription: this.subscription(sub.id) };
  }

  private item(subId: string, price: FakePrice, start: number, end: number): Item {
    return {
      id: this.id('si'),
      object: 'subscription_item',
      price: this.priceObject(price),
      quantity: 1,
      current_period_start: start,
      current_period_end: end,
      subscription: subId,
    };
  }

  private after(seconds: number, interval: 'month' | 'year'): number {
    return Math.floor(addMonths(new Date(seconds * 1000), interval === 'year' ? 12 : 1).getTime() / 1000);
  }

  private couponOff(sub: FakeSubscription, amount: number): { discount: number; discountId: string | null } {
    for (const id of sub.discounts) {
      const discount = this.objects.get(id);
      const coupon = discount && this.objects.get(discount.coupon as string);
      if (!coupon || amount <= 0) continue;
      const off =
        typeof coupon.percent_off === 'number'
          ? Math.round((amount * coupon.percent_off) / 100)
          : Math.min(amount, Number(coupon.amount_off ?? 0));
      return { discount: off, discountId: id };
    }
    return { discount: 0, discountId: null };
  }

  private invoiceObject(
    sub: FakeSubscription,
    reason: string,
    lines: Line[],
    id: string,
    number: string | null,
  ) {
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const { discount, discountId } = this.couponOff(sub, Math.max(0, subtotal));
    const total = Math.max(0, subtotal - discount);
    const now = this.seconds();
    return {
      id,
      object: 'invoice',
      number,
      customer: sub.customer,
      status: 'paid',
      billing_reason: reason,
      subtotal,
      total,
      amount_due: total,
      amount_paid: total,
      amount_remaining: 0,
      currency: 'usd',
      total_discount_amounts: discountId ? [{ amount: discount, discount: discountId }] : [],
      period_start: lines[0]?.period.start ?? now,
      period_end: lines[0]?.period.end ?? now,
      created: now,
      status_transitions: { paid_at: now, finalized_at: now },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: lines.map((line) => ({
          id: this.id('il'),
          object: 'line_item',
          amount: line.amount,
          currency: 'usd',
          description: line.description,
          period: line.period,
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              proration: line.proration,
              subscription: sub.id,
              subscription_item: sub.items.data[0]?.id,
              invoice_item: null,
            },
          },
          pricing: { type: 'price_details', price_details: { price: line.price, product: 'prod_fake' } },
        })),
      },
      livemode: false,
    };
  }

  private invoice(sub: FakeSubscription, reason: string, lines: Line[]) {
    this.invoiceCount += 1;
    const invoice = this.invoiceObject(
      sub,
      reason,
      lines,
      this.id('in'),
      `FAKE-${String(this.invoiceCount).padStart(4, '0')}`,
    );
    return this.put(invoice);
  }

  /** A renewal: the next period starts where the last ended and its invoice is paid (or fails). */
  renew(
    subId: string,
    options: { fail?: boolean } = {},
  ): { subscription: FakeSubscription; invoice: Stored } {
    const sub = this.get<FakeSubscription & Stored>('subscription', subId);
    const item = sub.items.data[0]!;
    const price = this.price(item.price.id, 'price');
    const start = item.current_period_end;
    const end = this.after(start, price.interval);
    const invoice = this.invoice(sub, 'subscription_cycle', [
      {
        amount: price.unit_amount,
        description: `1 × ${price.id}`,
        proration: false,
        price: price.id,
        period: { start, end },
      },
    ]);
    if (options.fail)
      Object.assign(invoice, {
        status: 'open',
        amount_paid: 0,
        amount_remaining: invoice.total,
        status_transitions: { paid_at: null },
      });
    Object.assign(item, { current_period_start: start, current_period_end: end });
    Object.assign(sub, { status: options.fail ? 'past_due' : 'active', latest_invoice: invoice.id });
    return { subscription: this.subscription(subId), invoice: clone(invoice) };
  }

  // ── subscriptions ────────────────────────────────────────────────────────────────────────

  /** The invoice an item change would bill now (credit for the unused time, then the new price). */
  private prorate(sub: FakeSubscription, newPrice: FakePrice): { lines: Line[]; start: number; end: number } {
    const item = sub.items.data[0]!;
    const old = this.price(item.price.id, 'price');
    const now = this.seconds();
    const span = item.current_period_end - item.current_period_start;
    const left = Math.max(0, item.current_period_end - now);
    const credit = span > 0 ? Math.round((old.unit_amount * left) / span) : 0;
    if (old.interval !== newPrice.interval) {
      const end = this.after(now, newPrice.interval);
      return {
        start: now,
        end,
        lines: [
          {
            amount: -credit,
            description: `Unused time on ${old.id}`,
            proration: true,
            price: old.id,
            period: { start: now, end: item.current_period_end },
          },
          {
            amount: newPrice.unit_amount,
            description: `1 × ${newPrice.id}`,
            proration: false,
            price: newPrice.id,
            period: { start: now, end },
          },
        ],
      };
    }
    const charge = span > 0 ? Math.round((newPrice.unit_amount * left) / span) : 0;
    return {
      start: item.current_period_start,
      end: item.current_period_end,
      lines: [
        {
          amount: -credit,
          description: `Unused time on ${old.id}`,
          proration: true,
          price: old.id,
          period: { start: now, end: item.current_period_end },
        },
        {
          amount: charge,
          description: `Remaining time on ${newPrice.id}`,
          proration: true,
          price: newPrice.id,
          period: { start: now, end: item.current_period_end },
        },
      ],
    };
  }

  private preview(p: Params): Stored {
    const sub = this.get<FakeSubscription & Stored>('subscription', str(p.subscription) ?? '');
    const details = obj(p.subscription_details);
    const price = this.price(str(obj(list(details.items)[0]).price), 'subscription_details[items][0][price]');
    const { lines } = this.prorate(sub, price);
    return this.invoiceObject(sub, 'upcoming', lines, `upcoming_${this.id('in')}`, null) as unknown as Stored;
  }

  private updateSubscription(id: string, p: Params): Stored {
    const sub = this.get<FakeSubscription & Stored>('subscription', id);
    if (p.cancel_at_period_end !== undefined && sub.schedule)
      throw invalid(
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        'cancel_at_period_end',
      );
    const now = this.seconds();
    for (const d of list(p.discounts)) {
      const code = this.promotionCode(str(obj(d).promotion_code));
      const coupon = (code.promotion as { coupon: string }).coupon;
      sub.discounts = [
        this.put({
          id: this.id('di'),
          object: 'discount',
          coupon,
          promotion_code: code.id,
          start: now,
          subscription: sub.id,
        }).id,
      ];
    }
    const itemParams = obj(list(p.items)[0]);
    const newPriceId = str(itemParams.price);
    if (newPriceId) {
      const item = sub.items.data.find((i) => i.id === str(itemParams.id));
      if (!item) throw invalid(`No such subscription item: '${str(itemParams.id)}'`, 'items[0][id]');
      const price = this.price(newPriceId, 'items[0][price]');
      const behavior = str(p.proration_behavior) ?? 'create_prorations';
      if (sub.status === 'trialing' || behavior === 'none') {
        const interval = price.interval !== item.price.recurring.interval;
        item.price = this.priceObject(price);
        if (interval && sub.status !== 'trialing')
          Object.assign(item, {
            current_period_start: now,
            current_period_end: this.after(now, price.interval),
          });
      } else {
        const { lines, start, end } = this.prorate(sub, price);
        const total = lines.reduce((sum, line) => sum + line.amount, 0);
        if (this.declineNext && total > 0) {
          this.declineNext = false;
          throw new FakeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          });
        }
        item.price = this.priceObject(price);
        Object.assign(item, { current_period_start: start, current_period_end: end });
        if (behavior === 'always_invoice')
          sub.latest_invoice = this.invoice(sub, 'subscription_update', lines).id;
      }
    }
    const cancel = bool(p.cancel_at_period_end);
    if (cancel !== undefined) {
      const end = sub.items.data[0]!.current_period_end;
      Object.assign(sub, {
        cancel_at_period_end: cancel,
        cancel_at: cancel ? end : null,
        canceled_at: cancel ? now : null,
      });
    }
    if (p.metadata !== undefined) sub.metadata = metadataOf(p.metadata, sub.metadata);
    return sub;
  }

  // ── schedules ────────────────────────────────────────────────────────────────────────────

  private createSchedule(p: Params): Stored {
    const sub = this.get<FakeSubscription & Stored>('subscription', str(p.from_subscription) ?? '');
    if (sub.schedule)
      throw invalid(
        `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
        'from_subscription',
      );
    const item = sub.items.data[0]!;
    const phase: Phase = {
      start_date: item.current_period_start,
      end_date: item.current_period_end,
      items: [{ price: item.price.id, quantity: 1 }],
      trial_end: sub.trial_end,
      discounts: sub.discounts.map((discount) => ({ coupon: null, discount, promotion_code: null })),
      metadata: {},
    };
    const schedule = this.put({
      id: this.id('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      customer: sub.customer,
      status: 'active',
      end_behavior: 'release',
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      phases: [phase],
      released_at: null,
      released_subscription: null,
      canceled_at: null,
      completed_at: null,
      created: this.seconds(),
      metadata: {},
      livemode: false,
    });
    sub.schedule = schedule.id;
    return schedule;
  }

  private updateSchedule(id: string, p: Params): Stored {
    const schedule = this.get('subscription_schedule', id);
    if (schedule.status !== 'active')
      throw invalid(
        `You cannot update a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`,
      );
    const current = schedule.current_phase as { start_date: number; end_date: number };
    const phases: Phase[] = [];
    let previousEnd = current.start_date;
    for (const [i, raw] of list(p.phases).entries()) {
      const phase = obj(raw);
      const start = num(phase.start_date) ?? previousEnd;
      if (i === 0 && start !== current.start_date)
        throw invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
      const duration = obj(phase.duration);
      const interval = str(duration.interval) === 'year' ? 'year' : 'month';
      const end = num(phase.end_date) ?? (str(duration.interval) ? this.after(start, interval) : undefined);
      if (end === undefined) throw invalid('Each phase needs an end_date or a duration.', `phases[${i}]`);
      const items = list(phase.items).map((it, j) => ({
        price: this.price(str(obj(it).price), `phases[${i}][items][${j}][price]`).id,
        quantity: num(obj(it).quantity) ?? 1,
      }));
      const discounts = list(phase.discounts).map((dd) => {
        const d = obj(dd);
        return {
          coupon: str(d.coupon) ?? null,
          discount: str(d.discount) ?? null,
          promotion_code: str(d.promotion_code) ?? null,
        };
      });
      phases.push({
        start_date: start,
        end_date: end,
        items,
        trial_end: num(phase.trial_end) ?? null,
        discounts,
        metadata: metadataOf(phase.metadata),
      });
      previousEnd = end;
    }
    if (phases.length > 0) schedule.phases = phases;
    const behavior = str(p.end_behavior);
    if (behavior) schedule.end_behavior = behavior;
    return schedule;
  }

  private releaseSchedule(id: string): Stored {
    const schedule = this.get('subscription_schedule', id);
    if (schedule.status !== 'active')
      throw invalid(
        `You cannot release a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`,
      );
    const subId = schedule.subscription as string;
    Object.assign(schedule, {
      status: 'released',
      released_at: this.seconds(),
      released_subscription: subId,
      subscription: null,
    });
    const sub = this.objects.get(subId);
    if (sub) sub.schedule = null;
    return schedule;
  }

  // ── portal, coupons, promotion codes ─────────────────────────────────────────────────────

  private portal(p: Params): Stored {
    const customer = this.get('customer', str(p.customer) ?? '');
    const id = this.id('bps');
    return {
      id,
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: str(p.return_url) ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
      created: this.seconds(),
      livemode: false,
    };
  }

  private couponPatch(p: Params): Partial<Stored> {
    return {
      ...(str(p.name) !== undefined ? { name: str(p.name) } : {}),
      ...(p.metadata !== undefined ? { metadata: metadataOf(p.metadata) } : {}),
    };
  }

  private createCoupon(p: Params): Stored {
    const percent = num(p.percent_off);
    const amount = num(p.amount_off);
    if ((percent === undefined) === (amount === undefined))
      throw invalid('Exactly one of percent_off or amount_off is required.');
    if (amount !== undefined && !str(p.currency))
      throw invalid('currency is required with amount_off', 'currency');
    const duration = str(p.duration) ?? 'once';
    if (duration === 'repeating' && !num(p.duration_in_months))
      throw invalid('duration_in_months is required for a repeating coupon', 'duration_in_months');
    const name = str(p.name) ?? null;
    if (name && name.length > 40) throw invalid('name is too long (40 characters at most)', 'name');
    const id = str(p.id) ?? this.id('coupon').slice(0, 15);
    if (this.objects.has(id)) throw invalid(`Coupon already exists.`, 'id');
    return this.put({
      id,
      object: 'coupon',
      percent_off: percent ?? null,
      amount_off: amount ?? null,
      currency: str(p.currency) ?? null,
      duration,
      duration_in_months: num(p.duration_in_months) ?? null,
      name,
      metadata: metadataOf(p.metadata),
      valid: true,
      times_redeemed: 0,
      created: this.seconds(),
      livemode: false,
    });
  }

  private createPromotionCode(p: Params): Stored {
    const promotion = obj(p.promotion);
    const coupon = str(promotion.coupon);
    if (str(promotion.type) !== 'coupon' || !coupon)
      throw invalid('promotion[type]=coupon and promotion[coupon] are required', 'promotion');
    this.get('coupon', coupon);
    const code = str(p.code) ?? randomBytes(4).toString('hex').toUpperCase();
    if (!/^[A-Za-z0-9-]+$/.test(code)) throw invalid('Invalid characters in code', 'code');
    const active = bool(p.active) ?? true;
    const clash = [...this.objects.values()].some(
      (o) => o.object === 'promotion_code' && o.active && String(o.code).toUpperCase() === code.toUpperCase(),
    );
    if (active && clash) throw invalid('An active promotion code with this code already exists.', 'code');
    const expires = num(p.expires_at) ?? null;
    if (expires !== null && expires <= this.seconds())
      throw invalid('expires_at must be in the future', 'expires_at');
    return this.put({
      id: this.id('promo'),
      object: 'promotion_code',
      code,
      active,
      expires_at: expires,
      max_redemptions: num(p.max_redemptions) ?? null,
      promotion: { type: 'coupon', coupon },
      metadata: metadataOf(p.metadata),
      times_redeemed: 0,
      created: this.seconds(),
      livemode: false,
    });
  }

  private updatePromotionCode(id: string, p: Params): Stored {
    const code = this.get('promotion_code', id);
    const active = bool(p.active);
    if (active === true && !code.active) {
      this.get('coupon', (code.promotion as { coupon: string }).coupon);
      const clash = [...this.objects.values()].some(
        (o) =>
          o.object === 'promotion_code' &&
          o.id !== id &&
          o.active &&
          String(o.code).toUpperCase() === String(code.code).toUpperCase(),
      );
      if (clash) throw invalid('An active promotion code with this code already exists.', 'code');
    }
    if (active !== undefined) code.active = active;
    if (p.metadata !== undefined)
      code.metadata = metadataOf(p.metadata, code.metadata as Record<string, string>);
    return code;
  }

  // ── webhooks ─────────────────────────────────────────────────────────────────────────────

  /** A webhook event as Stripe sends it (`created` defaults to the fake's now). */
  event(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
    return {
      id: options.id ?? this.id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.created ?? this.seconds(),
      type,
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  /** The payload and its `Stripe-Signature` header, signed with the endpoint secret by the SDK. */
  signed(event: unknown, secret = this.webhookSecret): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }
}

export async function startStripeFake(options: {
  apiKey: string;
  webhookSecret: string;
  prices: FakePrice[];
}): Promise<StripeFake> {
  return new StripeFake(options.apiKey, options.webhookSecret, options.prices).start();
}
