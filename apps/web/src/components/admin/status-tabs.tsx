import type { ReactNode } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/** Tabs that narrow a console list to one status ('Lọc theo trạng thái'); `value` false marks none. */
export function StatusTabs<V extends string | number>({
  value,
  tabs,
  label,
  onChange,
}: {
  value: V | false;
  tabs: readonly V[];
  /** A tab's text. */
  label: (status: V) => ReactNode;
  onChange: (status: V) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, status: V) => onChange(status)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Lọc theo trạng thái"
      sx={{ mb: 2 }}
    >
      {tabs.map((status) => (
        <Tab key={status} value={status} label={label(status)} />
      ))}
    </Tabs>
  );
}
