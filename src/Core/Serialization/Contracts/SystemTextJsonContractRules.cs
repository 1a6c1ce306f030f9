using FastFormatters.Serialization;
using System.Collections.Concurrent;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace FastFormatters.Serialization.Contracts;

/// <summary>
/// The JSON contract of the app's own <see cref="JsonSerializerOptions"/>, read from System.Text.Json's metadata for
/// each type (<see cref="JsonSerializerOptions.GetTypeInfo(Type)"/>), so that what the app configured is what is
/// written: naming and dictionary-key policies, <c>[JsonPropertyName]</c>, <c>[JsonIgnore]</c> and the default ignore
/// condition, <c>[JsonInclude]</c>, order, <c>required</c> and <c>[JsonRequired]</c>, extension data, enum names or
/// numbers as its converters write them, number handling, case sensitivity, unmapped members. A type whose metadata
/// carries what these converters cannot reproduce (a custom converter, a modifier's getter or predicate, polymorphism,
/// reference handling, callbacks, populate-on-read) is reported by <see cref="FallbackReason"/>, so System.Text.Json
/// itself serves it.
/// </summary>
internal sealed class SystemTextJsonContractRules : ContractRules
{
    private static readonly Assembly s_systemTextJson = typeof(JsonSerializer).Assembly;

    private readonly JsonSerializerOptions _options;
    private readonly ConcurrentDictionary<Type, Dictionary<MemberInfo, SerializedMember>> _members = new();

    public SystemTextJsonContractRules(JsonSerializerOptions options)
    {
        if (options.TypeInfoResolver is null && ReflectionContracts.IsEnabled)
        {
            // As System.Text.Json does on first use: the reflection resolver when the app named none (and may use one).
            options.MakeReadOnly(populateMissingResolver: true);
        }

        _options = options;
    }

    /// <summary>The options the contract is read from.</summary>
    public JsonSerializerOptions Options => _options;

    public override bool EnumsAsNumbers => true;

    public override bool WritesEnumAsNumbers(Type enumType)
    {
        var values = Enum.GetValuesAsUnderlyingType(enumType);
        return values.Length == 0 || !Serialize(Enum.ToObject(enumType, values.GetValue(0)!), enumType).StartsWith('"');
    }

    /// <summary>Each name exactly as the app's enum converter writes it (its naming policy and member names included).</summary>
    public override Func<FieldInfo, string>? EnumNames(Type enumType)
        => WritesEnumAsNumbers(enumType) ? null : field => ReadString(Serialize(field.GetValue(null), enumType));

    /// <summary>Whether the options' resolver describes <paramref name="type"/> (a JsonSerializerContext that lists it).</summary>
    public bool HasContract(Type type) => TypeInfo(type) is not null;

    private string Serialize(object? value, Type type) => JsonSerializer.Serialize(value, _options.GetTypeInfo(type));

    private static string ReadString(string json)
    {
        var reader = new Utf8JsonReader(System.Text.Encoding.UTF8.GetBytes(json));
        reader.Read();
        return reader.GetString()!;
    }

    public override JsonNamingPolicy? DictionaryKeyPolicy => _options.DictionaryKeyPolicy;

    public override bool MatchesNamesIgnoringCase => _options.PropertyNameCaseInsensitive;

    public override bool RejectsUnmappedMembers(Type type)
        => (TypeInfo(type)?.UnmappedMemberHandling ?? _options.UnmappedMemberHandling) == JsonUnmappedMemberHandling.Disallow;

    public override JsonNumberHandling NumberHandling => _options.NumberHandling;

    public override string? FallbackReason(Type type)
    {
        if (_options.ReferenceHandler is not null)
        {
            return "the options set a ReferenceHandler";
        }

        if (GlobalFallbackReason() is { } global)
        {
            return global;
        }

        var info = TypeInfo(type);
        if (info is null)
        {
            return null;
        }

        if (!IsBuiltIn(info.Converter.GetType()))
        {
            return $"it has the custom converter {info.Converter.GetType().Name}";
        }

        if (info.PolymorphismOptions is not null)
        {
            return "it is polymorphic ([JsonPolymorphic] or [JsonDerivedType])";
        }

        if (typeof(System.Text.Json.Nodes.JsonNode).IsAssignableFrom(type) && (_options.NumberHandling & JsonNumberHandling.WriteAsString) != 0)
        {
            return "the options write the .NET numbers a node may hold as strings";
        }

        if (info.Kind != JsonTypeInfoKind.Object)
        {
            return null;
        }

        if (info.OnSerializing is not null || info.OnSerialized is not null || info.OnDeserializing is not null || info.OnDeserialized is not null)
        {
            return "it has serialization callbacks";
        }

        if (info.PreferredPropertyObjectCreationHandling == JsonObjectCreationHandling.Populate)
        {
            return "its members are populated rather than replaced";
        }

        if (info.ConstructorAttributeProvider is ConstructorInfo { IsPublic: false })
        {
            return "it is read through a non-public constructor";
        }

        foreach (var property in info.Properties)
        {
            if (property.AttributeProvider is not (PropertyInfo or FieldInfo))
            {
                return $"its member '{property.Name}' was added by a contract modifier";
            }

            // Even one of System.Text.Json's own (JsonStringEnumConverter on one property): it changes that member's form.
            if (property.CustomConverter is { } converter)
            {
                return $"its member '{property.Name}' has the converter {converter.GetType().Name}";
            }

            if (!IsBuiltIn(property.Get) || !IsBuiltIn(property.Set) || !IsBuiltIn(property.ShouldSerialize))
            {
                return $"a contract modifier changed how its member '{property.Name}' is read or written";
            }

            if (property.NumberHandling is not null && !IsNumberOrNullableNumber(property.PropertyType))
            {
                return $"its member '{property.Name}' applies number handling to the numbers inside it";
            }

            if (property.ObjectCreationHandling == JsonObjectCreationHandling.Populate)
            {
                return $"its member '{property.Name}' is populated rather than replaced";
            }

            if (property.IsExtensionData && (property.AttributeProvider is not PropertyInfo || !typeof(IDictionary<string, object?>).IsAssignableFrom(property.PropertyType)))
            {
                return $"its extension data '{property.Name}' is not an IDictionary<string, object?> property";
            }
        }

        return null;
    }

    /// <summary>
    /// Whether whole JSON documents are read by System.Text.Json, not checked by the strict reader first: the options
    /// accept what that reader refuses (trailing commas, comments).
    /// </summary>
    public bool ReadsWholeDocuments => _options.AllowTrailingCommas || _options.ReadCommentHandling != JsonCommentHandling.Disallow;

    // Options that change the meaning of every type in ways these converters do not reproduce.
    private string? GlobalFallbackReason()
    {
#pragma warning disable SYSLIB0020 // IgnoreNullValues is obsolete, and still honoured by System.Text.Json.
        bool ignoresNullValues = _options.IgnoreNullValues;
#pragma warning restore SYSLIB0020
        return _options.ReferenceHandler is not null ? "the options set a ReferenceHandler"
            : ReadsWholeDocuments ? "the options allow trailing commas or comments"
            : _options.IgnoreReadOnlyProperties || _options.IgnoreReadOnlyFields ? "the options ignore read-only members"
            : _options.PreferredObjectCreationHandling == JsonObjectCreationHandling.Populate ? "the options populate members rather than replace them"
            : _options.RespectNullableAnnotations || _options.RespectRequiredConstructorParameters ? "the options enforce nullable annotations or required constructor parameters"
            : _options.UnknownTypeHandling != JsonUnknownTypeHandling.JsonElement ? "the options read unknown types as JsonNode"
            : !_options.AllowDuplicateProperties ? "the options refuse duplicate properties"
            : ignoresNullValues ? "the options ignore null values"
            : null;
    }

    /// <summary>The members System.Text.Json's contract serializes, each of which the shape must give.</summary>
    public override IReadOnlyList<MemberInfo> SelectMembers(Type type, IReadOnlyList<MemberInfo> candidates)
    {
        var serialized = Serialized(type);
        foreach (var member in serialized)
        {
            if (!Contains(candidates, member))
            {
                throw new NotSupportedException(
                    $"System.Text.Json's contract of {type} serializes {member.Name}, which its shape does not give (the generator describes public properties and fields).");
            }
        }

        return serialized;
    }

    // A loop, not Any with a lambda: one method less for the JIT in the first request that builds a contract.
    private static bool Contains(IReadOnlyList<MemberInfo> candidates, MemberInfo member)
    {
        for (int i = 0; i < candidates.Count; i++)
        {
            if (IsSameMember(candidates[i], member))
            {
                return true;
            }
        }

        return false;
    }

    private MemberInfo[] Serialized(Type type)
    {
        if (TypeInfo(type) is null)
        {
            // The options' resolver has no metadata for the type (a JsonSerializerContext that does not list it, or
            // reflection-based serialization off, as trimmed and Native AOT apps have it): System.Text.Json would refuse
            // it, and an empty member list would answer with no data.
            throw new NotSupportedException(
                $"The app's System.Text.Json options have no contract for {type}: their TypeInfoResolver provides none "
                + "(list the type in the app's JsonSerializerContext, or turn reflection-based serialization on).");
        }

        var members = Members(type);
        var serialized = new MemberInfo[members.Count];
        var orders = new int[members.Count];
        int index = 0;
        foreach (var (member, entry) in members)
        {
            serialized[index] = member;
            orders[index++] = entry.Order;
        }

        MemberOrder.Sort(serialized, orders);
        return serialized;
    }

    protected override bool IncludesField(FieldInfo field) => throw new NotSupportedException();

    protected override bool IsIgnored(Type owner, MemberInfo member) => throw new NotSupportedException();

    public override bool IsExtensionData(MemberInfo member)
        => member.DeclaringType is { } owner && Find(owner, member) is { IsExtensionData: true };

    public override MemberContract Describe(Type owner, MemberInfo member)
    {
        var property = Find(owner, member) ?? throw new InvalidOperationException($"{member} is not in the contract of {owner}.");
        var condition = member.GetCustomAttribute<JsonIgnoreAttribute>()?.Condition ?? _options.DefaultIgnoreCondition;
        var omission = condition switch
        {
            JsonIgnoreCondition.WhenWritingNull => MemberOmission.WhenNull,
            JsonIgnoreCondition.WhenWritingDefault => MemberOmission.WhenDefault,
            _ => MemberOmission.Never,
        };

        // [JsonIgnore(Condition = WhenWriting)] keeps a member input-only, WhenReading output-only.
        var numberHandling = property.NumberHandling ?? TypeInfo(owner)?.NumberHandling;
        return new MemberContract(
            property.Name,
            Key: -1,
            omission,
            Order: Members(owner)[member].Order,
            CanGet: property.Get is not null && condition != JsonIgnoreCondition.WhenWriting,
            CanSet: property.Set is not null && condition != JsonIgnoreCondition.WhenReading,
            Required: property.IsRequired,
            NumberHandling: numberHandling is { } handling && handling != _options.NumberHandling ? handling : null);
    }

    public override bool IsMarkedConstructor(ConstructorInfo constructor) => constructor.IsDefined(typeof(JsonConstructorAttribute));

    /// <inheritdoc />
    public override bool ReadsStructThroughConstructor(Type type)
    {
        if (TypeInfo(type) is not { } info)
        {
            return false;
        }

        foreach (var property in info.Properties)
        {
            if (property.AssociatedParameter is not null)
            {
                return true;
            }
        }

        return false;
    }

    // A type System.Text.Json refuses (two members with one name, say) is refused here too, with its reason: the
    // built-in formatter would fail on it, and these converters must not write something else.
    private JsonTypeInfo? TypeInfo(Type type)
    {
        try
        {
            return _options.GetTypeInfo(type);
        }
        catch (Exception ex) when (ex is InvalidOperationException or ArgumentException)
        {
            throw new NotSupportedException($"System.Text.Json refuses {type}: {ex.Message}", ex);
        }
        catch (NotSupportedException)
        {
            // Types it has no contract for (pointers, delegates): these converters refuse them in their own words.
            return null;
        }
    }

    private JsonPropertyInfo? Find(Type owner, MemberInfo member)
        => Members(owner).TryGetValue(member, out var entry) ? entry.Property : null;

    // The members System.Text.Json serializes (not those [JsonIgnore] removes), by member, with their position in its order.
    private Dictionary<MemberInfo, SerializedMember> Members(Type type) => _members.GetOrAdd(type, key =>
    {
        var members = new Dictionary<MemberInfo, SerializedMember>();
        if (TypeInfo(key) is { Kind: JsonTypeInfoKind.Object } info)
        {
            int order = 0;
            foreach (var property in info.Properties)
            {
                if (property.AttributeProvider is MemberInfo member and (PropertyInfo or FieldInfo) && (property.Get is not null || property.Set is not null))
                {
                    members[member] = new SerializedMember(property, order++);
                }
            }
        }

        return members;
    });

    private static bool IsBuiltIn(Type type) => type.Assembly == s_systemTextJson;

    private static bool IsNumberOrNullableNumber(Type type) => ConverterFactory.IsNumber(Nullable.GetUnderlyingType(type) ?? type);

    // System.Text.Json's own accessors are closures of its own or generated methods (no declaring type); a source
    // generator's live in the app's JsonSerializerContext; anything else came from a contract modifier.
    private static bool IsBuiltIn(Delegate? accessor)
    {
        if (accessor?.Method.DeclaringType is not { } declaring)
        {
            return true;
        }

        for (var type = declaring; type is not null; type = type.DeclaringType)
        {
            if (type.Assembly == s_systemTextJson || typeof(JsonSerializerContext).IsAssignableFrom(type))
            {
                return true;
            }
        }

        return false;
    }

    // One member's metadata and its position in System.Text.Json's order; a class, so the dictionaries of them run the
    // JIT's code shared by all reference types rather than code compiled for a value-type tuple.
    private sealed class SerializedMember(JsonPropertyInfo property, int order)
    {
        public JsonPropertyInfo Property { get; } = property;

        public int Order { get; } = order;
    }
}
