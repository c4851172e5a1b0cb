import Badge from '@cloudscape-design/components/badge';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { useNotificationStore } from './notification-store';

/** The app's notifications, stacked; identical ones are grouped with a count badge. */
export const NotificationsFlashbar = () => {
  const { t } = useTranslation();
  const items = useNotificationStore((state) => state.items);
  const dismiss = useNotificationStore((state) => state.dismiss);

  const flashItems: FlashbarProps.MessageDefinition[] = items.map((item) => ({
    id: item.id,
    type: item.kind === 'positive' ? 'success' : 'error',
    statusIconAriaLabel: item.kind === 'positive' ? t('notifications.success') : t('notifications.error'),
    content: (
      <>
        {item.message}
        {item.count > 1 && (
          <>
            {' '}
            <span aria-hidden="true">
              <Badge color="grey">{t('notifications.count', { count: item.count })}</Badge>
            </span>
            <VisuallyHidden>{` (${t('notifications.countLabel', { count: item.count })})`}</VisuallyHidden>
          </>
        )}
      </>
    ),
    buttonText: item.action?.text,
    onButtonClick: item.action?.run,
    dismissible: true,
    dismissLabel: t('notifications.dismiss'),
    onDismiss: () => dismiss(item.id),
  }));

  return (
    <Flashbar
      items={flashItems}
      stackItems
      i18nStrings={{
        ariaLabel: t('notifications.label'),
        notificationBarText: t('notifications.stackBar'),
        notificationBarAriaLabel: t('notifications.stackBar'),
        errorIconAriaLabel: t('notifications.error'),
        successIconAriaLabel: t('notifications.success'),
      }}
    />
  );
};
