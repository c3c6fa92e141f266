/**
 * MUI's outlined TextField as plain elements (app/shop.css, docs/decisions/0015): the same label that
 * floats into the outline's notch, helper text, required asterisk, error and disabled looks, and the
 * same accessible names and descriptions, without MUI and emotion on the page's first load.
 */
import { useId, type ChangeEvent, type CSSProperties, type FocusEvent, type Ref } from 'react';
import { useHydrated } from '../../lib/hydration';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  type?: 'text' | 'email' | 'password' | 'tel';
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  autoComplete?: string;
  /** The phone's keyboard for the field: its layout, its Enter key's label, capitals and corrections. */
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  enterKeyHint?: 'next' | 'go' | 'done' | 'send';
  autoCapitalize?: 'none' | 'words' | 'sentences';
  /** Off for codes and names the phone must not correct or spell-check (a UID, a server, a login). */
  noCorrect?: boolean;
  fullWidth?: boolean;
  /** A textarea of this many rows. */
  rows?: number;
  style?: CSSProperties;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  type = 'text',
  required = false,
  disabled = false,
  error = false,
  helperText,
  autoComplete,
  inputMode,
  enterKeyHint,
  autoCapitalize,
  noCorrect = false,
  fullWidth = false,
  rows,
  style,
}: TextFieldProps) {
  const id = useId();
  // In the server's HTML (docs/decisions/0018) the field waits for the page's code: text typed before
  // would stay on screen but not reach the form's state, which hydrating does not read back.
  const hydrated = useHydrated();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const classes = [
    'ls-field',
    fullWidth ? 'ls-field-full' : '',
    value !== '' ? 'ls-field-filled' : '',
    error ? 'ls-field-error' : '',
    disabled ? 'ls-field-disabled' : '',
    rows ? 'ls-field-multiline' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const control = {
    id,
    name,
    value,
    onChange,
    onBlur,
    ref: inputRef,
    required,
    disabled,
    readOnly: !hydrated,
    autoComplete,
    inputMode,
    enterKeyHint,
    autoCapitalize,
    ...(noCorrect ? { spellCheck: false, autoCorrect: 'off' } : {}),
    'aria-invalid': error,
    'aria-describedby': helperId,
    className: 'ls-field-input',
  };
  return (
    <div className={classes} style={style}>
      <label htmlFor={id} id={`${id}-label`} className="ls-field-label">
        {label}
        {required && (
          <span aria-hidden="true" className="ls-field-asterisk">
            {'\u2009*'}
          </span>
        )}
      </label>
      <div className="ls-field-box">
        {rows ? <textarea rows={rows} {...control} /> : <input type={type} {...control} />}
        <fieldset aria-hidden="true" className="ls-field-outline">
          <legend>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className="ls-field-helper">
          {helperText}
        </p>
      )}
    </div>
  );
}
