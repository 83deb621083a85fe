package com.harbourvale.portal;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
