namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>A URL-safe name for a type, e.g. <c>DictionaryOfInt32AndString</c>: the path segment of its endpoints.</summary>
public static class RouteKey
{
    public static string For(Type type)
    {
        if (type.IsArray)
        {
            return For(type.GetElementType()!) + "Array";
        }

        if (!type.IsGenericType)
        {
            return type.Name;
        }

        string name = type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)];
        return name + "Of" + string.Join("And", type.GetGenericArguments().Select(For));
    }
}
