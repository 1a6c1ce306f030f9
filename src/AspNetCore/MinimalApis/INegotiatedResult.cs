namespace FastFormatters;

/// <summary>A result FastFormatters already writes in the negotiated format, which the content-negotiation convention leaves as it is.</summary>
internal interface INegotiatedResult;
