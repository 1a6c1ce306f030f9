namespace FastFormatters.Serialization.Values;

/// <summary>Which dictionary key types every format supports: strings, integer types, GUIDs and enums.</summary>
internal static class DictionaryKeys
{
    /// <summary>Whether <paramref name="keyType"/> is one of the primitive integer types (64 bits at most).</summary>
    public static bool IsIntegerKey(Type keyType)
        => keyType.IsPrimitive && keyType != typeof(bool) && keyType != typeof(char) && keyType != typeof(double)
            && keyType != typeof(float) && keyType != typeof(IntPtr) && keyType != typeof(UIntPtr);

    public static string ExpectedInteger<TKey>() => $"The key is not an integer that fits in {typeof(TKey).Name}.";

    public static NotSupportedException Unsupported(Type keyType)
        => new($"Dictionary keys of type {keyType} are not supported; use string, an integer type, Guid or an enum.");
}
