namespace FastFormatters.Serialization.Values;

/// <summary>Which dictionary key types every format supports: strings, integer types, GUIDs and enums.</summary>
internal static class DictionaryKeys
{
    /// <summary>Whether <paramref name="keyType"/> is one of the primitive integer types (64 bits at most).</summary>
    public static bool IsIntegerKey(Type keyType)
        => keyType.IsPrimitive && keyType != typeof(bool) && keyType != typeof(char) && keyType != typeof(double)
            && keyType != typeof(float) && keyType != typeof(IntPtr) && keyType != typeof(UIntPtr);

    public static string ExpectedInteger<TKey>() => $"The key is not an integer that fits in {typeof(TKey).Name}.";

    /// <summary>
    /// The resolver's family's key of the enum <paramref name="keyType"/>, from the enum's shape
    /// (<see cref="Shapes.EnumShape{T}"/>); refused when no provider describes it.
    /// </summary>
    public static object EnumKey(Type keyType, ConverterResolver resolver)
        => ConverterFactory.ShapeOf(keyType, resolver) is Shapes.IEnumShape shape
            ? shape.CreateDictionaryKey(resolver)
            : throw ReflectionContracts.Refusal(keyType, resolver.Family.Format, "as a dictionary key");

    public static NotSupportedException Unsupported(Type keyType)
        => new($"Dictionary keys of type {keyType} are not supported; use string, an integer type, Guid or an enum.");
}
