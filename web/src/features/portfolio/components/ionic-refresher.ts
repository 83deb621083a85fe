import { IonRefresher as IonRefresherElement, defineCustomElement as defineRefresher } from '@ionic/core/components/ion-refresher.js';
import {
  IonRefresherContent as IonRefresherContentElement,
  defineCustomElement as defineRefresherContent,
} from '@ionic/core/components/ion-refresher-content.js';
import type { Components, RefresherEventDetail } from '@ionic/core/components';
import { createComponent, type EventName } from '@stencil/react-output-target/runtime';
import React from 'react';

/*
 * Pull to refresh, the one Ionic control of the dashboard, wrapped as the shell wraps its elements
 * (app/shell/ionic-elements.ts): importing it from the `@ionic/react` barrel brought the barrel's
 * module set-up (its navigation, router outlet and overlay code) into the home page's chunk, run
 * on every first load of the home (issue 13: main-thread time on a phone).
 */

export type { RefresherEventDetail };

type RefresherEvents = { onIonRefresh: EventName<CustomEvent<RefresherEventDetail>> };

export const IonRefresher = createComponent<IonRefresherElement, RefresherEvents, Components.IonRefresher>({
  tagName: 'ion-refresher',
  elementClass: IonRefresherElement,
  react: React,
  events: { onIonRefresh: 'ionRefresh' as EventName<CustomEvent<RefresherEventDetail>> },
  defineCustomElement: defineRefresher,
});

export const IonRefresherContent = createComponent<IonRefresherContentElement, NonNullable<unknown>, Components.IonRefresherContent>({
  tagName: 'ion-refresher-content',
  elementClass: IonRefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineRefresherContent,
});
