using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json.Serialization;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Builds the converter of a plain object type once, by reflection. The contract, shared by every format:
/// <list type="bullet">
/// <item>Public instance properties with a public getter are written; those with a public setter or <c>init</c>, or
/// bound to a constructor parameter, are read. Fields only with <c>[DataMember]</c> or <c>[JsonInclude]</c>.</item>
/// <item>On a <c>[DataContract]</c> type only <c>[DataMember]</c> members count.</item>
/// <item><c>[IgnoreDataMember]</c> and <c>[JsonIgnore]</c> leave a member out; <c>JsonIgnore(Condition = ...)</c> and
/// <c>DataMember(EmitDefaultValue = false)</c> omit it conditionally.</item>
/// <item>The name is <c>[JsonPropertyName]</c>, else <c>[DataMember(Name)]</c>, else the naming policy applied to the CLR
/// name. Order: <c>[JsonPropertyOrder]</c> or <c>DataMember.Order</c>, then base-class members first, then declaration.</item>
/// <item>Construction: a <c>[JsonConstructor]</c>, else the public parameterless constructor, else the only public one.</item>
/// </list>
/// </summary>
internal static class ObjectConverterBuilder
{
    private static readonly MethodInfo s_build = typeof(ObjectConverterBuilder).GetMethod(nameof(BuildCore), BindingFlags.NonPublic | BindingFlags.Static)!;

    public static ValueConverter Build(Type type, ConverterResolver resolver)
    {
        try
        {
            return (ValueConverter)s_build.MakeGenericMethod(type).Invoke(null, [resolver])!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    private static ObjectConverter<T> BuildCore<T>(ConverterResolver resolver)
    {
        var converter = new ObjectConverter<T>();
        resolver.RegisterInProgress(typeof(T), converter);

        var settings = resolver.Settings;
        var members = new List<ObjectMember<T>>();
        var orders = new List<int>();
        ExtensionDataMember<T>? extensionData = null;
        foreach (var member in DiscoverMembers(typeof(T)))
        {
            if (member.IsDefined(typeof(JsonExtensionDataAttribute)) && member is PropertyInfo extensionProperty)
            {
                extensionData = new ExtensionDataMember<T>(extensionProperty, (ObjectValueConverter)resolver.GetConverter(typeof(object)));
                continue;
            }

            var dataMember = member.GetCustomAttribute<DataMemberAttribute>();
            var ignore = member.GetCustomAttribute<JsonIgnoreAttribute>();
            string name = member.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name
                ?? (dataMember is { IsNameSetExplicitly: true } ? dataMember.Name! : settings.ConvertName(member.Name));
            var omission = ignore?.Condition switch
            {
                JsonIgnoreCondition.WhenWritingNull => MemberOmission.WhenNull,
                JsonIgnoreCondition.WhenWritingDefault => MemberOmission.WhenDefault,
                JsonIgnoreCondition.Never => MemberOmission.Never,
                _ when dataMember is { EmitDefaultValue: false } => MemberOmission.WhenDefault,
                _ => settings.OmitNullMembers ? MemberOmission.WhenNull : MemberOmission.Never,
            };

            var (valueType, canGet, canSet) = member switch
            {
                PropertyInfo property => (property.PropertyType, property.GetGetMethod() is not null, property.GetSetMethod() is not null),
                FieldInfo field => (field.FieldType, true, !field.IsInitOnly),
                _ => throw new InvalidOperationException(),
            };

            // JsonIgnore(Condition = WhenWriting) keeps a member input-only; WhenReading output-only.
            canGet &= ignore?.Condition != JsonIgnoreCondition.WhenWriting;
            canSet &= ignore?.Condition != JsonIgnoreCondition.WhenReading;

            var valueConverter = resolver.GetConverter(valueType);
            var objectMember = (ObjectMember<T>)Activator.CreateInstance(
                typeof(ObjectMember<,>).MakeGenericType(typeof(T), valueType),
                member, new EncodedName(name), valueConverter, omission, canGet, canSet)!;
            members.Add(objectMember);
            orders.Add(member.GetCustomAttribute<JsonPropertyOrderAttribute>()?.Order ?? Math.Max(dataMember?.Order ?? 0, 0));
        }

        ThrowOnDuplicateNames(typeof(T), members);
        var ordered = members.Select((member, index) => (member, order: orders[index], index))
            .OrderBy(entry => entry.order).ThenBy(entry => entry.index).Select(entry => entry.member).ToArray();

        string? readUnsupported = ChooseConstructor(typeof(T), ordered, out var create, out var constructor);
        var readMembers = ordered.Where(member => (member.CanSet || member.IsConstructorParameter) && member.ValueIsReadable).ToArray();
        for (int i = 0; i < readMembers.Length; i++)
        {
            readMembers[i].ReadIndex = i;
        }

        ConstructorPlan<T>? plan = null;
        if (constructor is not null)
        {
            var parameters = constructor.GetParameters();
            var indexes = new int[parameters.Length];
            for (int i = 0; i < parameters.Length; i++)
            {
                indexes[i] = Array.FindIndex(readMembers, member => IsBoundTo(member, parameters[i]));
            }

            plan = new ConstructorPlan<T>(constructor, indexes);
        }

        converter.Initialize(
            ordered.Where(member => member.CanGet).ToArray(),
            readMembers,
            create is null ? null : Expression.Lambda<Func<T>>(create).Compile(),
            plan,
            extensionData,
            readUnsupported);
        return converter;
    }

    private static IEnumerable<MemberInfo> DiscoverMembers(Type type)
    {
        bool isDataContract = type.IsDefined(typeof(DataContractAttribute), inherit: false);
        var hierarchy = new List<Type>();
        if (type.IsInterface)
        {
            hierarchy.AddRange(type.GetInterfaces());
            hierarchy.Add(type);
        }
        else
        {
            for (var current = type; current is not null && current != typeof(object) && current != typeof(ValueType); current = current.BaseType)
            {
                hierarchy.Insert(0, current);
            }
        }

        // Keyed by CLR name so an override or a 'new' member replaces the base one in the base one's place.
        var byName = new Dictionary<string, int>(StringComparer.Ordinal);
        var result = new List<MemberInfo?>();
        const BindingFlags flags = BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly;
        foreach (var declaring in hierarchy)
        {
            foreach (var member in declaring.GetMembers(flags))
            {
                if (member is not (PropertyInfo or FieldInfo))
                {
                    continue;
                }

                bool include = member switch
                {
                    PropertyInfo property => property.GetIndexParameters().Length == 0
                        && (property.GetGetMethod() is not null || property.GetSetMethod() is not null),
                    FieldInfo field => !field.IsLiteral && (field.IsDefined(typeof(DataMemberAttribute)) || field.IsDefined(typeof(JsonIncludeAttribute))),
                    _ => false,
                };
                bool ignored = member.IsDefined(typeof(IgnoreDataMemberAttribute))
                    || member.GetCustomAttribute<JsonIgnoreAttribute>() is { Condition: JsonIgnoreCondition.Always }
                    || (isDataContract && !member.IsDefined(typeof(DataMemberAttribute)));
                if (byName.TryGetValue(member.Name, out int existing))
                {
                    // An override or 'new' member replaces the base one, or removes it when it is ignored.
                    result[existing] = include && !ignored ? member : null;
                }
                else if (include && !ignored)
                {
                    byName.Add(member.Name, result.Count);
                    result.Add(member);
                }
            }
        }

        return result.OfType<MemberInfo>();
    }

    private static string? ChooseConstructor<T>(Type type, ObjectMember<T>[] members, out Expression? create, out ConstructorInfo? constructor)
    {
        create = null;
        constructor = null;
        if (type.IsAbstract || type.IsInterface)
        {
            return $"The type {type} is abstract or an interface and cannot be created when reading.";
        }

        var constructors = type.GetConstructors(BindingFlags.Public | BindingFlags.Instance);
        var marked = constructors.Where(candidate => candidate.IsDefined(typeof(JsonConstructorAttribute))).ToArray();
        var chosen = marked.Length == 1 ? marked[0]
            : constructors.FirstOrDefault(candidate => candidate.GetParameters().Length == 0)
            ?? (type.IsValueType ? null : constructors.Length == 1 ? constructors[0] : null);

        if (chosen is null && !type.IsValueType)
        {
            return $"The type {type} has no public parameterless constructor and several public constructors; mark one with [JsonConstructor].";
        }

        if (chosen is null || chosen.GetParameters().Length == 0)
        {
            create = Expression.New(type);
            return null;
        }

        constructor = chosen;
        foreach (var parameter in chosen.GetParameters())
        {
            foreach (var member in members)
            {
                if (IsBoundTo(member, parameter))
                {
                    member.IsConstructorParameter = true;
                }
            }
        }

        return null;
    }

    private static bool IsBoundTo<T>(ObjectMember<T> member, ParameterInfo parameter)
        => string.Equals(member.ClrName, parameter.Name, StringComparison.OrdinalIgnoreCase)
            && parameter.ParameterType.IsAssignableFrom(member.ValueType);

    private static void ThrowOnDuplicateNames<T>(Type type, List<ObjectMember<T>> members)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in members)
        {
            if (!names.Add(member.Name.Name))
            {
                throw new NotSupportedException($"Two members of {type} have the serialized name '{member.Name.Name}'.");
            }
        }
    }
}
