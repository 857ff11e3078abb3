import { describe, expect, it, vi } from 'vitest'
import { SerializedAnswers, serializedOnce } from './serialized.js'

const bytes = (text: string) => () => Buffer.from(text)

describe('SerializedAnswers', () => {
  it('renders a key once and answers the same bytes after', () => {
    const answers = new SerializedAnswers(1000)
    const render = vi.fn(bytes('{"a":1}'))
    const first = answers.get('a', render)
    expect(answers.get('a', render)).toBe(first)
    expect(render).toHaveBeenCalledTimes(1)
    expect(answers.get('b', bytes('{"b":2}')).toString()).toBe('{"b":2}')
  })

  it('drops the least recently used answers once past its bytes, and keeps none larger than them', () => {
    const answers = new SerializedAnswers(10)
    answers.get('a', bytes('aaaa'))
    answers.get('b', bytes('bbbb'))
    answers.get('a', bytes('never'))
    answers.get('c', bytes('cccc'))
    expect(answers.size).toBe(2)
    const render = vi.fn(bytes('again'))
    expect(answers.get('a', render).toString()).toBe('aaaa')
    expect(answers.get('b', render).toString()).toBe('again')
    expect(render).toHaveBeenCalledTimes(1)

    expect(answers.get('huge', bytes('x'.repeat(11))).length).toBe(11)
    expect(answers.get('huge', bytes('y')).toString()).toBe('y')
  })

  it('forgets everything on clear', () => {
    const answers = new SerializedAnswers(100)
    answers.get('a', bytes('old'))
    answers.clear()
    expect(answers.size).toBe(0)
    expect(answers.get('a', bytes('new')).toString()).toBe('new')
  })
})

describe('serializedOnce', () => {
  it('serializes an answer object once; another object, even equal, again', () => {
    const answer = { data: [1, 2], next: null }
    const serialize = vi.fn(() => JSON.stringify(answer))
    const first = serializedOnce(answer, serialize)
    expect(first.toString()).toBe('{"data":[1,2],"next":null}')
    expect(serializedOnce(answer, serialize)).toBe(first)
    expect(serialize).toHaveBeenCalledTimes(1)
    const other = { ...answer }
    expect(serializedOnce(other, () => JSON.stringify(other))).not.toBe(first)
  })
})
