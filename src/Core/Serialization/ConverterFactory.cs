using System.Reflection;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Converters;

namespace FastFormatters.Serialization;

/// <summary>
/// Chooses the converter for a type, in one precedence: a registered external serializer that claims it, then
/// System.Text.Json itself for a type the app's JSON contract defines beyond these converters, then primitives, enums, nullables, arrays, collections, unions, dictionaries, sequences, and last objects.
/// </summary>
internal static class ConverterFactory
{
    private static readonly Dictionary<Type, ValueConverter> s_primitives = new()
    {
        [typeof(bool)] = new BooleanConverter(),
        [typeof(string)] = new StringConverter(),
        [typeof(char)] = new CharConverter(),
        [typeof(byte)] = new IntegerConverter<byte>(),
        [typeof(sbyte)] = new IntegerConverter<sbyte>(),
        [typeof(short)] = new IntegerConverter<short>(),
        [typeof(ushort)] = new IntegerConverter<ushort>(),
        [typeof(int)] = new IntegerConverter<int>(),
        [typeof(uint)] = new IntegerConverter<uint>(),
        [typeof(long)] = new IntegerConverter<long>(),
        [typeof(ulong)] = new IntegerConverter<ulong>(),
        [typeof(Int128)] = new IntegerConverter<Int128>(),
        [typeof(UInt128)] = new IntegerConverter<UInt128>(),
        [typeof(decimal)] = new DecimalConverter(),
        [typeof(double)] = new FloatingPointConverter<double>(),
        [typeof(float)] = new FloatingPointConverter<float>(),
        [typeof(Half)] = new FloatingPointConverter<Half>(),
        [typeof(Guid)] = new GuidConverter(),
        [typeof(DateTime)] = new DateTimeConverter(),
        [typeof(DateTimeOffset)] = new DateTimeOffsetConverter(),
        [typeof(DateOnly)] = new DateOnlyConverter(),
        [typeof(TimeOnly)] = new TimeOnlyConverter(),
        [typeof(TimeSpan)] = new TimeSpanConverter(),
        [typeof(Uri)] = new UriConverter(),
        [typeof(Version)] = new VersionConverter(),
        [typeof(byte[])] = new ByteArrayConverter(),
    };

    public static ValueConverter Create(Type type, ConverterResolver resolver)
    {
        foreach (var external in resolver.ExternalSerializers)
        {
            if (external.Claims(type))
            {
                return Instantiate(typeof(ExternalMessagePackConverter<>), [type], external);
            }
        }

        // object stays ours: it writes each value by its runtime type, which is then asked about in turn.
        if (type != typeof(object) && resolver.Rules is SystemTextJsonContractRules systemTextJson && systemTextJson.FallbackReason(type) is { } reason)
        {
            resolver.OnFallback?.Invoke(type, reason);
            return Instantiate(typeof(SystemTextJsonConverter<>), [type], systemTextJson.Options, resolver.GetConverter(typeof(object)));
        }

        // Types MessagePack-CSharp has a built-in form for that no object layout reproduces (their public members are
        // get-only, so a contractless map of them would be empty: a 200 with no data).
        if (resolver.Rules is MessagePackContractRules && type == typeof(System.Numerics.BigInteger))
        {
            return new BigIntegerMessagePackConverter();
        }

        if (resolver.Rules is MessagePackContractRules && type == typeof(System.Text.StringBuilder))
        {
            return new StringBuilderMessagePackConverter();
        }

        if (s_primitives.TryGetValue(type, out var primitive))
        {
            return resolver.Rules.NumberHandling != JsonNumberHandling.Strict && IsNumber(type)
                ? WithNumberHandling(primitive, resolver.Rules.NumberHandling)
                : primitive;
        }

        if (type == typeof(object))
        {
            return new ObjectValueConverter(resolver);
        }

        if (type == typeof(System.Text.Json.JsonElement))
        {
            return new JsonElementConverter((ObjectValueConverter)resolver.GetConverter(typeof(object)));
        }

        if (type == typeof(System.Text.Json.JsonDocument))
        {
            return new JsonDocumentConverter((ObjectValueConverter)resolver.GetConverter(typeof(object)));
        }

        if (typeof(System.Text.Json.Nodes.JsonNode).IsAssignableFrom(type))
        {
            return Instantiate(typeof(JsonNodeConverter<>), [type], resolver.GetConverter(typeof(object)));
        }

        ThrowIfUnsupported(type);

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Instantiate(typeof(NullableConverter<>), [underlying], resolver.GetConverter(underlying));
        }

        if (type.IsEnum)
        {
            return Instantiate(typeof(EnumConverter<>), [type], resolver.Rules.WritesEnumAsNumbers(type), resolver.Rules.EnumNames(type)!);
        }

        if (type.IsArray)
        {
            if (type.GetArrayRank() != 1)
            {
                throw new NotSupportedException($"Multi-dimensional arrays ({type}) are not supported.");
            }

            var element = type.GetElementType()!;
            return Instantiate(typeof(ArrayConverter<>), [element], resolver.GetConverter(element));
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            var element = type.GetGenericArguments()[0];
            return Instantiate(typeof(ListConverter<>), [element], resolver.GetConverter(element));
        }

        if (resolver.Rules.GetUnionCases(type) is { } unionCases)
        {
            return Instantiate(typeof(UnionConverter<>), [type], unionCases, resolver);
        }

        // System.Text.Json's polymorphism in MessagePack (JSON hands such types to System.Text.Json itself).
        if (resolver.Rules is MessagePackContractRules && (type.IsAbstract || type.IsInterface)
            && type.IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false))
        {
            return Instantiate(typeof(JsonPolymorphicMessagePackConverter<>), [type], resolver);
        }

        if (FindDictionaryTypes(type) is var (keyType, valueType))
        {
            return ReadableOrSystemTextJson(Instantiate(
                typeof(DictionaryConverter<,,>),
                [type, keyType, valueType],
                DictionaryKeyConverter.Create(keyType, resolver),
                resolver.GetConverter(valueType)), resolver);
        }

        if (FindEnumerableElement(type) is { } elementType)
        {
            return ReadableOrSystemTextJson(Instantiate(typeof(EnumerableConverter<,>), [type, elementType], resolver.GetConverter(elementType)), resolver);
        }

        return ObjectConverterBuilder.Build(type, resolver);
    }

    // A collection these converters can only write (Queue<T>, Stack<T>, the immutable ones) is read by System.Text.Json
    // under its contract, rather than left empty: as a member, an unreadable value would be skipped with a 200.
    private static ValueConverter ReadableOrSystemTextJson(ValueConverter collection, ConverterResolver resolver)
    {
        if (collection.ReadUnsupportedReason is null || resolver.Rules is not SystemTextJsonContractRules systemTextJson)
        {
            return collection;
        }

        resolver.OnFallback?.Invoke(collection.Type, "only System.Text.Json can create it when reading");
        return Instantiate(typeof(SystemTextJsonConverter<>), [collection.Type], systemTextJson.Options, resolver.GetConverter(typeof(object)));
    }

    /// <summary>The built-in converter of a primitive type.</summary>
    public static ValueConverter Primitive(Type type) => s_primitives[type];

    /// <summary>Whether <paramref name="type"/> is a number that System.Text.Json's number handling applies to.</summary>
    public static bool IsNumber(Type type)
        => type.IsPrimitive && type != typeof(bool) && type != typeof(char) && type != typeof(IntPtr) && type != typeof(UIntPtr)
            || type == typeof(decimal) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128);

    /// <summary><paramref name="number"/> read from and written as strings as <paramref name="handling"/> says.</summary>
    public static ValueConverter WithNumberHandling(ValueConverter number, JsonNumberHandling handling)
        => Instantiate(typeof(NumberHandlingConverter<>), [number.Type], number, handling);

    private static ValueConverter Instantiate(Type definition, Type[] arguments, params object?[] constructorArguments)
    {
        try
        {
            return (ValueConverter)Activator.CreateInstance(definition.MakeGenericType(arguments), constructorArguments)!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is NotSupportedException inner)
        {
            throw inner;
        }
    }

    private static void ThrowIfUnsupported(Type type)
    {
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)
            || Array.Exists(type.GetInterfaces(), i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)))
        {
            throw new NotSupportedException($"{type} is only written as a whole response body, not inside another value.");
        }

        if (type.IsPointer || type.IsByRef || type.IsByRefLike || type.ContainsGenericParameters
            || typeof(Delegate).IsAssignableFrom(type) || typeof(MemberInfo).IsAssignableFrom(type)
            || typeof(Stream).IsAssignableFrom(type) || typeof(Task).IsAssignableFrom(type)
            || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            throw new NotSupportedException($"The type {type} cannot be serialized.");
        }
    }

    private static (Type Key, Type Value)? FindDictionaryTypes(Type type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.IsGenericType)
            {
                var definition = candidate.GetGenericTypeDefinition();
                if (definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
                {
                    var arguments = candidate.GetGenericArguments();
                    return (arguments[0], arguments[1]);
                }
            }
        }

        return null;
    }

    private static Type? FindEnumerableElement(Type type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                return candidate.GetGenericArguments()[0];
            }
        }

        return null;
    }

    private static IEnumerable<Type> SelfAndInterfaces(Type type)
    {
        if (type.IsInterface)
        {
            yield return type;
        }

        foreach (var implemented in type.GetInterfaces())
        {
            yield return implemented;
        }
    }
}
