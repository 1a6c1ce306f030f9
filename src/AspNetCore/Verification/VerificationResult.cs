namespace FastFormatters.Verification;

/// <summary>What verifying one value found.</summary>
internal enum VerificationResult
{
    /// <summary>The same data as the reference's.</summary>
    Same,

    /// <summary>Other data than the reference's.</summary>
    Different,

    /// <summary>The reference could not write the value, or its body could not be read: nothing was compared.</summary>
    Unverifiable,
}
