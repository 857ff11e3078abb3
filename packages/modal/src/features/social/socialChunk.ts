import { SocialAccountPanel } from '../../ui/features/social/SocialAccountPanel/SocialAccountPanel'
import { SocialButtons } from '../../ui/features/social/SocialButtons/SocialButtons'
import { socialCss } from '../../ui/features/social/social.css'
import { socialViews } from '../../ui/features/social/socialViews'
import { createSocialFeature } from './createSocialFeature'

export const chunk = {
  create: createSocialFeature,
  views: socialViews,
  css: socialCss,
  slots: { 'connect:social': SocialButtons, 'account:wallet': SocialAccountPanel },
}
