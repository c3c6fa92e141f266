import { STOREFRONT_TEXTS } from '@lucky/shared/texts';
import { Icon } from '../frame/icons';
import { useToast } from './toast';

/** Copies a value to the clipboard and says so in a success toast. `label` names the value (lower case). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { showError, showSuccess } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showSuccess(STOREFRONT_TEXTS.copied(label));
    } catch {
      showError(STOREFRONT_TEXTS.copyFailed);
    }
  };
  return (
    <button
      type="button"
      className="ls-icon-button ls-icon-button-small ls-action-icon"
      aria-label={`Sao chép ${label}`}
      title={`Sao chép ${label}`}
      onClick={() => void copy()}
    >
      <Icon name="contentCopy" small />
    </button>
  );
}
