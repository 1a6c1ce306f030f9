namespace FastFormatters;

/// <summary>What the endpoint filter needs of any <see cref="NegotiatedBody{T}"/>.</summary>
internal interface INegotiatedBody
{
    BodyError? Error { get; }

    /// <summary>The body read, for validation; null when it could not be read.</summary>
    object? ValueForValidation { get; }

    /// <summary>The declared type of the body.</summary>
    Type ValueType { get; }
}
