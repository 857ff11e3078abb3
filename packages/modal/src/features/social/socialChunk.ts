import { createSocialFeature } from './createSocialFeature'
import { SocialAccountPanel } from './views/SocialAccountPanel/SocialAccountPanel'
import { SocialButtons } from './views/SocialButtons/SocialButtons'
import { socialCss } from './views/social.css'
import { socialViews } from './views/socialViews'

export const chunk = {
  create: createSocialFeature,
  views: socialViews,
  css: socialCss,
  slots: { 'connect:social': SocialButtons, 'account:wallet': SocialAccountPanel },
}
