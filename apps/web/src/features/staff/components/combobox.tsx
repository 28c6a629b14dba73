import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { cx } from '../../../components/ui/cx';
import styles from '../staff.module.css';
import { fieldClass } from '../../../components/ui/field';

export interface ComboboxProps<T> {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The suggestions for the current text. */
  options: readonly T[];
  optionKey: (option: T) => string | number;
  optionLabel: (option: T) => string;
  onPick: (option: T) => void;
  /** Shown in the list instead of suggestions: 'Searching...', 'No artists found.' */
  note?: string | null;
  /** The box holds a valid choice: the list stays closed until the text changes. */
  settled?: boolean;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
}

/**
 * A text box with a list of suggestions to pick from with the mouse or the keyboard (arrow
 * keys and Enter; Escape closes the list), announced as a combobox with a listbox.
 */
export function Combobox<T>({
  label,
  value,
  onChange,
  options,
  optionKey,
  optionLabel,
  onPick,
  note,
  settled = false,
  placeholder,
  maxLength,
  disabled,
}: ComboboxProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const current = active < options.length ? active : -1;
  const shown = open && !settled && (options.length > 0 || Boolean(note));

  const activeId = shown && current >= 0 ? optionId(current) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        setActive(!open || current >= last ? 0 : current + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        setActive(current <= 0 ? last : current - 1);
        break;
      case 'Enter':
        // Enter on a highlighted suggestion picks it instead of sending the form.
        if (shown && current >= 0) {
          e.preventDefault();
          pick(options[current]!);
        }
        break;
      case 'Escape':
        if (shown) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className={cx(fieldClass, styles.combobox)}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeId}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        className={cx(styles.comboboxPopup, options.length === 0 && styles.noteOnly)}
        hidden={!shown}
      >
        <ul id={listId} role="listbox" aria-label={label}>
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={cx(styles.comboboxOption, index === current && styles.active)}
              // Keeps the focus in the box, so the click lands before the list closes on blur.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
            >
              {optionLabel(option)}
            </li>
          ))}
        </ul>
        {options.length === 0 && note && <p className={cx(styles.comboboxNote, 'muted')}>{note}</p>}
      </div>
    </div>
  );
}
