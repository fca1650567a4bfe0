import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@atrium/common/schemas/catalogue';
import { ApiError } from '../api/client.ts';
import { useForm } from './useForm.ts';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('useForm', () => {
  it('handleSubmit parses with the schema: the parsed data on success, field errors otherwise', () => {
    const { result } = renderHook(() => useForm({ comment: '' }));
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    act(() => result.current.handleSubmit(commentSchema, onValid, { onInvalid })(submitEvent()));
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith({ comment: 'Comment cannot be empty' });
    expect(result.current.field('comment').error).toBe('Comment cannot be empty');

    act(() => result.current.setValues({ comment: '  Great tip  ' }));
    act(() => result.current.handleSubmit(commentSchema, onValid, { onInvalid })(submitEvent()));
    expect(onValid).toHaveBeenCalledWith({ comment: 'Great tip' });
    expect(result.current.errors).toEqual({});
  });

  it('handleSubmit can map the values before parsing', () => {
    const { result } = renderHook(() => useForm({ text: 'hello' }));
    const onValid = vi.fn();
    act(() => result.current.handleSubmit(commentSchema, onValid, { toInput: (values) => ({ comment: values.text }) })(submitEvent()));
    expect(onValid).toHaveBeenCalledWith({ comment: 'hello' });
  });

  it("showServerErrors puts a 400's field errors beside this form's fields only", () => {
    const { result } = renderHook(() => useForm({ name: '', country: '' }));
    const body = JSON.stringify({ message: 'Invalid', id: 'validation_failed', errors: { name: 'Too long', other: 'x' } });
    let shown = false;
    act(() => {
      shown = result.current.showServerErrors(new ApiError(400, 'Bad Request', body));
    });
    expect(shown).toBe(true);
    expect(result.current.errors).toEqual({ name: 'Too long' });
    expect(result.current.showServerErrors(new ApiError(500, 'Server Error', '{"message":"x","id":"internal"}'))).toBe(false);
    expect(result.current.showServerErrors(new Error('offline'))).toBe(false);
  });

  it('a form that holds lists finds each problem at its place, the server’s in either notation', () => {
    const schema = z.object({ title: z.string().min(1, 'Give it a title'), items: z.array(z.object({ text: z.string().min(1, 'Write it') })) });
    const { result } = renderHook(() => useForm({ title: '', items: [{ text: 'a' }, { text: '' }] }));
    act(() => result.current.handleSubmit(schema, vi.fn())(submitEvent()));
    expect(result.current.errors).toEqual({ title: 'Give it a title', 'items.1.text': 'Write it' });

    const body = JSON.stringify({ message: 'Invalid', id: 'validation_failed', errors: { 'items[0].text': 'Used twice', 'title.x': 'Odd', other: 'x' } });
    act(() => {
      result.current.showServerErrors(new ApiError(400, 'Bad Request', body));
    });
    // A path deeper than the values go lands on the field it reaches.
    expect(result.current.errors).toEqual({ 'items.0.text': 'Used twice', title: 'Odd' });
  });

  it('editing a field clears its error', () => {
    const { result } = renderHook(() => useForm({ comment: '' }));
    act(() => result.current.setErrors({ comment: 'Comment cannot be empty' }));
    act(() => result.current.field('comment').onChange({ target: { value: 'x' } } as never));
    expect(result.current.errors).toEqual({});
    expect(result.current.values.comment).toBe('x');
  });
});
