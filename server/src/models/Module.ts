export type { Module } from '../db/tables.ts';
