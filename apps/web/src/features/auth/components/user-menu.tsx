import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Icon, Skeleton } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { TEXTS } from '@lucky/shared/texts';
import { useSignedIn } from '../../../lib/session';
import { useLazyMenu } from '../../../lib/use-lazy-menu';
import { useCurrentUser } from '../api';

const AccountMenuPopup = lazy(() => import('./account-menu-popup'));

const AVATAR_SIZE = 32;

/** MUI's Avatar as plain elements: the picture, else the initial, else a person icon. */
function Avatar({ src, initial }: { src?: string | undefined; initial?: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPicture = src !== undefined && failed !== src;
  return (
    <span className="ls-avatar" aria-hidden="true">
      {showPicture ? (
        <img
          src={src}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      ) : (
        (initial ?? <Icon name="person" />)
      )}
    </span>
  );
}

/** docs/product.md §2: the user's picture and name; anonymous it reads 'Đăng nhập' and leads to /signin. */
export function UserMenu() {
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <RouterLink to="/signin" className="ls-button">
        <span className="ls-start-icon">
          <Avatar />
        </span>
        {TEXTS.signIn}
      </RouterLink>
    );
  }
  return <AccountButton />;
}

function AccountButton() {
  const { data: user, isPending } = useCurrentUser();
  const menu = useLazyMenu();
  // docs/product.md §3: the name's default label is 'Đăng nhập' (e.g. when the user call failed).
  const name = user?.name || TEXTS.signIn;

  return (
    <>
      <button type="button" className="ls-button ls-account-button" {...menu.buttonProps}>
        <span className="ls-start-icon">
          <Avatar src={user?.picture ?? undefined} initial={user?.name?.trim().charAt(0).toUpperCase() || undefined} />
        </span>
        {/* Named by hidden text that contains the visible name (an aria-label would hide the text from checks). */}
        <VisuallyHidden>{isPending ? 'Tài khoản' : `Tài khoản: ${name}`}</VisuallyHidden>
        <span aria-hidden="true" className="ls-account-name">
          {isPending ? <Skeleton width={80} className="ls-on-bar-skeleton" /> : name}
        </span>
      </button>
      {menu.wanted && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menu.id} anchor={menu.anchor} user={user} onClose={menu.close} />
        </Suspense>
      )}
    </>
  );
}
