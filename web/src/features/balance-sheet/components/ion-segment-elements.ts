import { IonSegment as IonSegmentElement, defineCustomElement as defineSegment } from '@ionic/core/components/ion-segment.js';
import { IonSegmentButton as IonSegmentButtonElement, defineCustomElement as defineSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/*
 * Ionic's segment, wrapped per element as app/shell/ionic-elements.ts does (the Stencil React
 * output target over @ionic/core's custom elements): importing `@ionic/react` would put its
 * whole barrel in the balance sheet's lazy chunk.
 */

/** The segment; listen to its ionChange on the element (balance-sheet-controls.tsx says why). */
export const IonSegment = createComponent<IonSegmentElement>({
  tagName: 'ion-segment',
  elementClass: IonSegmentElement,
  react: React,
  events: {},
  defineCustomElement: defineSegment,
});

export const IonSegmentButton = createComponent<IonSegmentButtonElement>({
  tagName: 'ion-segment-button',
  elementClass: IonSegmentButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineSegmentButton,
});
