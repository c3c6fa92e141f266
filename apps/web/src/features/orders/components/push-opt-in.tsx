import { useEffect, useState } from 'react';
import { useHydrated } from '../../../lib/hydration';
import { useToast } from '../../../components/ui/toast';
import { config } from '../../../lib/config';
import { currentSubscription, pushSupport, saveSubscription, turnOffNotifications, turnOnNotifications } from '../push';

type State = 'checking' | 'off' | 'on' | 'blocked' | 'working';

/**
 * 'Nhận thông báo khi đơn hoàn thành': on the order page, the customer turns on notifications of their
 * orders in this browser (paid, completed, rejected, refunded). On an iPhone outside the home screen, how
 * to get them ('Thêm vào Màn hình chính'). Nothing where the browser cannot, or the shop has no VAPID key.
 */
export function PushOptIn() {
  const publicKey = config.push_public_key ?? null;
  // The browser's abilities: none on the server, nor in the render that hydrates its HTML (lib/hydration.ts).
  const hydrated = useHydrated();
  const support = hydrated ? pushSupport() : 'unsupported';
  if (!publicKey || support === 'unsupported') return null;
  if (support === 'add-to-home-screen') {
    return (
      <section aria-labelledby="push-heading" className="ls-paper-outlined ls-order-section">
        <h2 id="push-heading" className="ls-h6 ls-strong ls-order-section-title">
          Nhận thông báo khi đơn hoàn thành
        </h2>
        <p className="ls-body1">
          Trên iPhone, thông báo chỉ đến khi Lucky Shop được thêm vào Màn hình chính: bấm nút Chia sẻ của Safari, chọn{' '}
          <strong>Thêm vào Màn hình chính</strong>, rồi mở Lucky Shop từ biểu tượng mới và bật thông báo tại đây.
        </p>
      </section>
    );
  }
  return <PushSwitch publicKey={publicKey} />;
}

function PushSwitch({ publicKey }: { publicKey: string }) {
  const { showError, showSuccess } = useToast();
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        if (Notification.permission === 'denied') {
          if (current) setState('blocked');
          return;
        }
        const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
        // Stored again for whoever is signed in now: the browser may have been another customer's.
        if (subscription) await saveSubscription(subscription);
        if (current) setState(subscription ? 'on' : 'off');
      } catch {
        if (current) setState('off');
      }
    })();
    return () => {
      current = false;
    };
  }, []);

  const turnOn = async () => {
    setState('working');
    try {
      const result = await turnOnNotifications(publicKey);
      setState(result);
      if (result === 'on') showSuccess('Đã bật thông báo đơn hàng trên thiết bị này');
    } catch (error) {
      console.error('push subscription', error);
      setState('off');
      showError('Không bật được thông báo trên trình duyệt này');
    }
  };
  const turnOff = async () => {
    setState('working');
    try {
      await turnOffNotifications();
      setState('off');
    } catch {
      setState('on');
      showError('Không tắt được thông báo, vui lòng thử lại');
    }
  };

  if (state === 'checking') return null;
  return (
    <section aria-labelledby="push-heading" className="ls-paper-outlined ls-order-section">
      <h2 id="push-heading" className="ls-h6 ls-strong ls-order-section-title">
        Thông báo đơn hàng
      </h2>
      {state === 'blocked' ? (
        <p className="ls-body1">Thông báo đang bị chặn trong cài đặt của trình duyệt cho Lucky Shop. Hãy cho phép thông báo để nhận tin khi đơn hoàn thành.</p>
      ) : state === 'on' ? (
        <div className="ls-push-row">
          <p role="status" className="ls-body1">
            Đã bật: bạn sẽ nhận thông báo khi đơn được thanh toán, hoàn thành, từ chối hoặc hoàn tiền.
          </p>
          <button type="button" className="ls-button ls-button-outlined" onClick={() => void turnOff()}>
            Tắt thông báo
          </button>
        </div>
      ) : (
        <div className="ls-push-row">
          <p className="ls-body1">Không cần mở lại trang: shop báo cho bạn ngay khi đơn có kết quả.</p>
          <button type="button" className="ls-button ls-button-contained" disabled={state === 'working'} onClick={() => void turnOn()}>
            Nhận thông báo khi đơn hoàn thành
          </button>
        </div>
      )}
    </section>
  );
}
