import { defineErrors } from '../kernel/errors'

/** A headless UI's misuse, said to its developer (the visitor's texts are the features' own). */
export const HeadlessErrorText = {
  socialNotReady:
    'Social sign-in needs the modal’s features loaded before the click: call load() and wait for ready',
} as const

export const HeadlessError = defineErrors('HeadlessError', HeadlessErrorText)
