import { Ban, Bell, Heart, KeyRound, Search, UserRound, UserRoundPen } from 'lucide-react';
import { savedSearchMessages } from '#domain/alerts/saved-search.schemas.ts';
import { SavedSearchList } from '#web/features/alerts/components/saved-search-list.tsx';
import { conversationUiMessages } from '#domain/conversations/conversation-ui.messages.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { NotificationPreferences } from '#web/features/notifications/components/notification-preferences.tsx';
import { PushToggle } from '#web/features/pwa/components/push-toggle.tsx';
import { BlockedUsers } from '#web/features/conversations/components/blocked-users.tsx';
import { WishlistTab } from '#web/features/wishlist/wishlist-tab.tsx';
import { ChangePasswordTab } from './components/change-password-tab.tsx';
import { EditProfileTab } from './components/edit-profile-tab.tsx';
import { ProfileTab } from './components/profile-tab.tsx';
import { SectionCard } from './components/section-card.tsx';

const TABS = [
  { value: 'profile', label: 'Profile', icon: UserRound },
  { value: 'password', label: 'Change Password', icon: KeyRound },
  { value: 'edit', label: 'Edit Profile', icon: UserRoundPen },
  { value: 'wishlist', label: 'Wishlist', icon: Heart },
  { value: 'searches', label: savedSearchMessages.savedSearches, icon: Search },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'blocked', label: conversationUiMessages.blockedHeading, icon: Ban },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/**
 * The signed-in user's account (spec 2): four tabs, then the saved searches (issue 24), the notification settings and the blocked users. The open tab lives in the address (?tab=),
 * so a reload or a shared link opens the same one; Radix gives the tabs arrow-key navigation.
 */
export function AccountPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabValue = isTab(requested) ? requested : 'profile';

  const select = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle>My Account</PageTitle>
      <Tabs.Root value={current} onValueChange={select} className="space-y-6">
        <Tabs.List
          aria-label="Account sections"
          className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 lg:grid-cols-7"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm"
            >
              <Icon className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden="true" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className="focus-visible:outline-offset-4">
          <ProfileTab />
        </Tabs.Content>
        <Tabs.Content value="password" className="focus-visible:outline-offset-4">
          <ChangePasswordTab />
        </Tabs.Content>
        <Tabs.Content value="edit" className="focus-visible:outline-offset-4">
          <EditProfileTab />
        </Tabs.Content>
        <Tabs.Content value="wishlist" className="focus-visible:outline-offset-4">
          <WishlistTab />
        </Tabs.Content>
        <Tabs.Content value="searches" className="focus-visible:outline-offset-4">
          <SectionCard title={savedSearchMessages.savedSearches} description={savedSearchMessages.intro}>
            <SavedSearchList />
          </SectionCard>
        </Tabs.Content>
        <Tabs.Content value="notifications" className="focus-visible:outline-offset-4">
          <SectionCard title={notificationMessages.preferencesHeading} description={notificationMessages.preferencesIntro}>
            <div className="space-y-4">
              <PushToggle />
              <NotificationPreferences />
            </div>
          </SectionCard>
        </Tabs.Content>
        <Tabs.Content value="blocked" className="focus-visible:outline-offset-4">
          <SectionCard title={conversationUiMessages.blockedHeading} description={conversationUiMessages.blockedIntro}>
            <BlockedUsers />
          </SectionCard>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
